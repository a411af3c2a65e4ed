// The only place in the package that includes libsndfile's header.
#ifndef INPUTCLICK_CSNDFILE_SHIM_H
#define INPUTCLICK_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
