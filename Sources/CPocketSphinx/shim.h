#ifndef VOICEPLUG_CPOCKETSPHINX_SHIM_H
#define VOICEPLUG_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/jsgf.h>
#endif
