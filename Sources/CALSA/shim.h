#ifndef VOICEPLUG_CALSA_SHIM_H
#define VOICEPLUG_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
