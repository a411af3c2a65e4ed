// The only place in the package that includes alsa-lib's header.
#ifndef INPUTCLICK_CALSA_SHIM_H
#define INPUTCLICK_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
