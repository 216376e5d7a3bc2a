// Kernel uAPI headers PanelLinux needs (i2c-dev, evdev, uinput) and libi2c's SMBus helpers
// (Debian: libi2c-dev). Internal to PanelLinux: nothing here is re-exported.
#ifndef PANELKIT_CPANELLINUX_SHIM_H
#define PANELKIT_CPANELLINUX_SHIM_H

#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <linux/vt.h>
#include <linux/kd.h>
#include <sys/ioctl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <poll.h>
#include <errno.h>
#include <stdint.h>
#include <time.h>

// CLOCK_MONOTONIC in nanoseconds, and a sleep on it that resumes after signals: in C, so that
// Swift need not name `struct timespec`, which several system modules' headers declare.
static inline uint64_t panel_monotonic_nanoseconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
static inline void panel_sleep_nanoseconds(uint64_t nanoseconds) {
    struct timespec request = { (time_t)(nanoseconds / 1000000000ull), (long)(nanoseconds % 1000000000ull) }, remaining;
    while (nanosleep(&request, &remaining) != 0 && errno == EINTR) request = remaining;
}

// ioctl() is variadic, which Swift cannot call with an integer argument.
static inline int panel_ioctl_value(int fd, unsigned long request, unsigned long value) { return ioctl(fd, request, value); }

// Function-like ioctl request macros, which Swift cannot import.
static inline unsigned long panel_eviocgabs(unsigned int axis) { return EVIOCGABS(axis); }
static inline unsigned long panel_eviocgname(unsigned int length) { return EVIOCGNAME(length); }
static inline unsigned long panel_eviocgbit(unsigned int type, unsigned int length) { return EVIOCGBIT(type, length); }
static inline unsigned long panel_eviocgprop(unsigned int length) { return EVIOCGPROP(length); }
static inline unsigned long panel_eviocgmtslots(unsigned int length) { return EVIOCGMTSLOTS(length); }
static inline unsigned long panel_eviocgkey(unsigned int length) { return EVIOCGKEY(length); }
static inline unsigned long panel_eviocgrab(void) { return EVIOCGRAB; }
static inline unsigned long panel_eviocsclockid(void) { return EVIOCSCLOCKID; }
// Virtual terminals: process-controlled switching (VT_SETMODE with VT_PROCESS) and graphics mode.
static inline int panel_vt_set_process_mode(int fd, int process, short release_signal, short acquire_signal) {
    struct vt_mode mode = {0};
    mode.mode = process ? VT_PROCESS : VT_AUTO;
    mode.relsig = process ? release_signal : 0;
    mode.acqsig = process ? acquire_signal : 0;
    return ioctl(fd, VT_SETMODE, &mode);
}
static inline int panel_vt_active(int fd) {
    struct vt_stat state = {0};
    if (ioctl(fd, VT_GETSTATE, &state) != 0) return -1;
    return state.v_active;
}
static const unsigned long panel_vt_reldisp = VT_RELDISP;
static const unsigned long panel_vt_activate = VT_ACTIVATE;
static const unsigned long panel_vt_waitactive = VT_WAITACTIVE;
static const unsigned long panel_vt_ackacq = VT_ACKACQ;
static const unsigned long panel_kdsetmode = KDSETMODE;
static const unsigned long panel_kd_graphics = KD_GRAPHICS;
static const unsigned long panel_kd_text = KD_TEXT;

static inline unsigned long panel_ui_dev_setup(void) { return UI_DEV_SETUP; }
static inline unsigned long panel_ui_abs_setup(void) { return UI_ABS_SETUP; }
static inline unsigned long panel_ui_dev_create(void) { return UI_DEV_CREATE; }
static inline unsigned long panel_ui_dev_destroy(void) { return UI_DEV_DESTROY; }
static inline unsigned long panel_ui_set_evbit(void) { return UI_SET_EVBIT; }
static inline unsigned long panel_ui_set_keybit(void) { return UI_SET_KEYBIT; }
static inline unsigned long panel_ui_set_absbit(void) { return UI_SET_ABSBIT; }
static inline unsigned long panel_ui_set_propbit(void) { return UI_SET_PROPBIT; }
static inline unsigned long panel_ui_get_sysname(unsigned int length) { return UI_GET_SYSNAME(length); }

#endif
