// The only place in the package that includes libsamplerate's header.
#ifndef INPUTCLICK_CSAMPLERATE_SHIM_H
#define INPUTCLICK_CSAMPLERATE_SHIM_H
#include <samplerate.h>
#endif
