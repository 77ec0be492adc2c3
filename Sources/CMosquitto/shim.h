#ifndef VOICEPLUG_CMOSQUITTO_SHIM_H
#define VOICEPLUG_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <mqtt_protocol.h>
#endif
