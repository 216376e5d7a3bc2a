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
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stddef.h>
#include <string.h>

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
static inline unsigned long panel_ui_set_relbit(void) { return UI_SET_RELBIT; }
static inline unsigned long panel_ui_set_propbit(void) { return UI_SET_PROPBIT; }
static inline unsigned long panel_ui_get_sysname(unsigned int length) { return UI_GET_SYSNAME(length); }


// A timerfd on CLOCK_REALTIME armed for the far future with TFD_TIMER_CANCEL_ON_SET: it becomes
// readable (its read fails with ECANCELED) when somebody sets the wall clock. -1 on failure.
static inline int panel_wall_clock_watch_arm(int fd) {
    struct itimerspec far = { { 0, 0 }, { (time_t)0x7fffffff, 0 } };
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &far, NULL);
}
static inline int panel_wall_clock_watch_create(void) {
    int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
    if (fd < 0) return -1;
    if (panel_wall_clock_watch_arm(fd) != 0) { int saved = errno; close(fd); errno = saved; return -1; }
    return fd;
}


// Fills an AF_UNIX address for `path` (a leading '@' is the abstract namespace) and its size.
// 0, or -EINVAL/-ENAMETOOLONG.
static inline int panel_unix_address(const char *path, struct sockaddr_un *address, socklen_t *size) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length == 0) return -EINVAL;
    if (length >= sizeof address->sun_path) return -ENAMETOOLONG;
    memcpy(address->sun_path, path, length);
    if (address->sun_path[0] == '@') address->sun_path[0] = 0;
    *size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length);
    return 0;
}

// systemd's notification protocol (sd_notify(3)): one datagram of "KEY=VALUE" lines to the
// AF_UNIX socket NOTIFY_SOCKET names (a leading '@' is the abstract namespace). 0, or -errno.
static inline int panel_notify_send(const char *path, const char *message, size_t length) {
    struct sockaddr_un address;
    socklen_t size;
    int invalid = panel_unix_address(path, &address, &size);
    if (invalid) return invalid;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    ssize_t sent = sendto(fd, message, length, MSG_NOSIGNAL, (struct sockaddr *)&address, size);
    int error = sent < 0 ? errno : 0;
    close(fd);
    return sent < 0 ? -error : 0;
}


// The device and inode of an open file descriptor ("dev:ino" as systemd writes them into
// JOURNAL_STREAM), so that a process can tell whether its standard error is the journal. 0, or -errno.
static inline int panel_fd_identity(int fd, unsigned long long *device, unsigned long long *inode) {
    struct stat status;
    if (fstat(fd, &status) != 0) return -errno;
    *device = (unsigned long long)status.st_dev;
    *inode = (unsigned long long)status.st_ino;
    return 0;
}

// A listening TCP socket on an IPv4 address ("127.0.0.1") and port, non-blocking, for the
// metrics endpoint. The fd, or -errno (-EINVAL for an address that is not IPv4 dotted quad).
static inline int panel_tcp_listen(const char *host, uint16_t port, int backlog) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) return -EINVAL;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, backlog) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}
// The port a listening socket got (for port 0), or -1.
static inline int panel_tcp_port(int fd) {
    struct sockaddr_in address;
    socklen_t size = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &size) != 0) return -1;
    return ntohs(address.sin_port);
}
// A connection from a listening socket, non-blocking; -errno when none is waiting.
static inline int panel_tcp_accept(int fd) {
    int connection = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    return connection < 0 ? -errno : connection;
}
// A blocking TCP connection to host:port (for tests and panelctl); the fd, or -errno.
static inline int panel_tcp_connect(const char *host, uint16_t port) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) return -EINVAL;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { int error = errno; close(fd); return -error; }
    return fd;
}


// A listening AF_UNIX stream socket at `path` (a stale socket file there is replaced),
// non-blocking, its file mode set to `mode` (0660: the owner and the group). The fd, or -errno.
static inline int panel_unix_listen(const char *path, unsigned int mode, int backlog) {
    struct sockaddr_un address;
    socklen_t size;
    int invalid = panel_unix_address(path, &address, &size);
    if (invalid) return invalid;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    unlink(path);
    if (bind(fd, (struct sockaddr *)&address, size) != 0 || chmod(path, mode) != 0 || listen(fd, backlog) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}
// A blocking connection to the AF_UNIX stream socket at `path`; the fd, or -errno.
static inline int panel_unix_connect(const char *path) {
    struct sockaddr_un address;
    socklen_t size;
    int invalid = panel_unix_address(path, &address, &size);
    if (invalid) return invalid;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    if (connect(fd, (struct sockaddr *)&address, size) != 0) { int error = errno; close(fd); return -error; }
    return fd;
}


// Sets a socket's receive and send timeouts (milliseconds). 0, or -errno.
static inline int panel_socket_timeout(int fd, int milliseconds) {
    struct timeval limit = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit) != 0) return -errno;
    if (setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit) != 0) return -errno;
    return 0;
}

#endif
