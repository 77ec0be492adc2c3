#ifndef VOICEPLUG_CESPEAKNG_SHIM_H
#define VOICEPLUG_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#endif
