#ifndef VOICEPLUG_CSQLITE_SHIM_H
#define VOICEPLUG_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
