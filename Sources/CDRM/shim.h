// libdrm (Debian: libdrm-dev): the kernel's mode setting (KMS), dumb buffers and page flips,
// for PanelLinux's DRM display. Internal to PanelLinux.
#ifndef PANELKIT_CDRM_SHIM_H
#define PANELKIT_CDRM_SHIM_H

#if __has_include(<xf86drm.h>)
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#else
#error "libdrm is missing: install Debian's libdrm-dev (scripts/setup does)"
#endif
// No other system headers here: a struct a system header declares (pollfd, timespec) belongs
// to the first module that includes it, and Swift then refuses it to modules that do not
// import that one.

// fourcc_code() is a function-like macro Swift cannot import.
static const uint32_t panel_drm_format_xrgb8888 = DRM_FORMAT_XRGB8888;
static const uint32_t panel_drm_format_rgb565 = DRM_FORMAT_RGB565;
static const uint32_t panel_drm_page_flip_event = DRM_MODE_PAGE_FLIP_EVENT;
static const uint64_t panel_drm_cap_dumb_buffer = DRM_CAP_DUMB_BUFFER;

// A dumb buffer: created, mapped (the offset for mmap) and destroyed. 0, or -1 with errno set.
static inline int panel_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                                        uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb create = {0};
    create.width = width;
    create.height = height;
    create.bpp = bpp;
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) != 0) return -1;
    *handle = create.handle;
    *pitch = create.pitch;
    *size = create.size;
    return 0;
}

static inline int panel_drm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb map = {0};
    map.handle = handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0) return -1;
    *offset = map.offset;
    return 0;
}

static inline void panel_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb destroy = {0};
    destroy.handle = handle;
    drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
}

// A page flip's completion, as the kernel reports it: the vertical blank's sequence number
// (0 where the driver counts none) and its time on CLOCK_MONOTONIC (DRM's default), in µs.
struct panel_drm_flip {
    int done;
    unsigned int sequence;
    uint64_t microseconds;
};

static void panel_drm_flip_done(int fd, unsigned int frame, unsigned int sec, unsigned int usec, void *data) {
    (void)fd;
    struct panel_drm_flip *flip = (struct panel_drm_flip *)data;
    flip->done = 1;
    flip->sequence = frame;
    flip->microseconds = (uint64_t)sec * 1000000u + usec;
}

// Reads the DRM events that are waiting; a completed flip whose user data is a
// `struct panel_drm_flip` fills it in. 0, or -1 on a read error.
static inline int panel_drm_handle_events(int fd) {
    drmEventContext context = {0};
    context.version = 2;
    context.page_flip_handler = panel_drm_flip_done;
    return drmHandleEvent(fd, &context);
}

#endif
