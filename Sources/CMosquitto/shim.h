// libmosquitto, the Eclipse Mosquitto project's MQTT client library (Debian: libmosquitto-dev).
// Only PanelMQTT imports it, so only apps that use MQTT link it.
#ifndef PANELKIT_CMOSQUITTO_SHIM_H
#define PANELKIT_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#endif
