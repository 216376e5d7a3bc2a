// One small GPIO API over libgpiod, whichever major version the build finds.
//
// libgpiod 1.6 (Debian 12 / Raspberry Pi OS Bookworm) and libgpiod 2.x (Debian 13 / Trixie) have
// unrelated C APIs. PanelLinux calls only the `panel_gpio_*` functions below; the header picks
// the implementation from the gpiod.h that pkg-config points at (`libgpiod.pc`), so the choice
// is made at build time: `PKG_CONFIG_PATH=<prefix with libgpiod 2> swift build` gives a v2 build.
//
// Every function returns -1 (or NULL) with errno set on failure, as libgpiod does. Nothing here
// allocates after a line is requested: reading an event and setting a value are allocation-free.
#ifndef PANELKIT_CGPIOD_SHIM_H
#define PANELKIT_CGPIOD_SHIM_H

#include <gpiod.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES
#define PANEL_GPIOD_API 1
#else
#define PANEL_GPIOD_API 2
#endif

enum {
    PANEL_GPIO_EDGE_NONE = 0,
    PANEL_GPIO_EDGE_RISING = 1,
    PANEL_GPIO_EDGE_FALLING = 2,
    PANEL_GPIO_EDGE_BOTH = 3,
};

enum {
    PANEL_GPIO_BIAS_AS_IS = 0,
    PANEL_GPIO_BIAS_DISABLED = 1,
    PANEL_GPIO_BIAS_PULL_UP = 2,
    PANEL_GPIO_BIAS_PULL_DOWN = 3,
};

/// The libgpiod API this build uses: 1 or 2.
static inline int panel_gpio_api(void) { return PANEL_GPIOD_API; }

/// The libgpiod library version string ("1.6.3", "2.2.1").
static inline const char *panel_gpio_library_version(void) {
#if PANEL_GPIOD_API == 1
    return gpiod_version_string();
#else
    return gpiod_api_version();
#endif
}

/// One requested line.
typedef struct panel_gpio_line {
    struct gpiod_chip *chip;
    unsigned int offset;
    int active_low;
    int is_output;
    char consumer[32];
    /// v1 and v2 alike: a local counter, used when the kernel gives no sequence number.
    uint32_t local_seqno;
#if PANEL_GPIOD_API == 1
    struct gpiod_line *line;
#else
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;
#endif
} panel_gpio_line;

/// Opens a chip by path ("/dev/gpiochip0"); NULL and errno on failure.
static inline struct gpiod_chip *panel_gpio_chip_open(const char *path) {
    return gpiod_chip_open(path);
}

static inline void panel_gpio_chip_close(struct gpiod_chip *chip) { gpiod_chip_close(chip); }

/// The chip's label ("pinctrl-bcm2711", "gpio-sim") into `buffer`; -1 on failure.
static inline int panel_gpio_chip_label(struct gpiod_chip *chip, char *buffer, size_t size) {
#if PANEL_GPIOD_API == 1
    const char *label = gpiod_chip_label(chip);
    if (!label) return -1;
    strncpy(buffer, label, size - 1); buffer[size - 1] = 0;
    return 0;
#else
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) return -1;
    strncpy(buffer, gpiod_chip_info_get_label(info), size - 1); buffer[size - 1] = 0;
    gpiod_chip_info_free(info);
    return 0;
#endif
}

/// The number of lines on the chip; -1 on failure.
static inline int panel_gpio_chip_num_lines(struct gpiod_chip *chip) {
#if PANEL_GPIOD_API == 1
    return (int)gpiod_chip_num_lines(chip);
#else
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) return -1;
    int n = (int)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return n;
#endif
}

/// The offset of the line called `name` on the chip; -1 with errno ENOENT when there is none.
static inline int panel_gpio_chip_find_line(struct gpiod_chip *chip, const char *name) {
#if PANEL_GPIOD_API == 1
    int n = (int)gpiod_chip_num_lines(chip);
    for (int i = 0; i < n; i++) {
        struct gpiod_line *line = gpiod_chip_get_line(chip, (unsigned int)i);
        if (line && gpiod_line_name(line) && strcmp(gpiod_line_name(line), name) == 0) return i;
    }
    errno = ENOENT;
    return -1;
#else
    return gpiod_chip_get_line_offset_from_name(chip, name);
#endif
}

/// Whether the line is in use, and by whom (`consumer`, empty when unnamed).
/// Returns 1 when used, 0 when free, -1 on failure (errno: EINVAL for a bad offset).
static inline int panel_gpio_line_usage(struct gpiod_chip *chip, unsigned int offset, char *consumer, size_t size) {
    consumer[0] = 0;
#if PANEL_GPIOD_API == 1
    if (offset >= gpiod_chip_num_lines(chip)) { errno = EINVAL; return -1; }
    struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
    if (!line) return -1;
    if (gpiod_line_update(line) < 0) return -1;
    if (gpiod_line_consumer(line)) { strncpy(consumer, gpiod_line_consumer(line), size - 1); consumer[size - 1] = 0; }
    return gpiod_line_is_used(line) ? 1 : 0;
#else
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, offset);
    if (!info) return -1;
    const char *who = gpiod_line_info_get_consumer(info);
    if (who) { strncpy(consumer, who, size - 1); consumer[size - 1] = 0; }
    int used = gpiod_line_info_is_used(info) ? 1 : 0;
    gpiod_line_info_free(info);
    return used;
#endif
}

#if PANEL_GPIOD_API == 1
static inline int panel_gpio_v1_request(panel_gpio_line *l, int output, int value, int edge, int bias) {
    struct gpiod_line_request_config config;
    memset(&config, 0, sizeof config);
    config.consumer = l->consumer;
    if (output) config.request_type = GPIOD_LINE_REQUEST_DIRECTION_OUTPUT;
    else switch (edge) {
        case PANEL_GPIO_EDGE_RISING: config.request_type = GPIOD_LINE_REQUEST_EVENT_RISING_EDGE; break;
        case PANEL_GPIO_EDGE_FALLING: config.request_type = GPIOD_LINE_REQUEST_EVENT_FALLING_EDGE; break;
        case PANEL_GPIO_EDGE_BOTH: config.request_type = GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES; break;
        default: config.request_type = GPIOD_LINE_REQUEST_DIRECTION_INPUT; break;
    }
    if (l->active_low) config.flags |= GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW;
    if (!output) switch (bias) {
        case PANEL_GPIO_BIAS_DISABLED: config.flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE; break;
        case PANEL_GPIO_BIAS_PULL_UP: config.flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP; break;
        case PANEL_GPIO_BIAS_PULL_DOWN: config.flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN; break;
        default: break;
    }
    return gpiod_line_request(l->line, &config, value);
}
#else
static inline struct gpiod_line_config *panel_gpio_v2_config(panel_gpio_line *l, int output, int value, int edge, int bias) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (!settings) return NULL;
    gpiod_line_settings_set_active_low(settings, l->active_low != 0);
    if (output) {
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
        gpiod_line_settings_set_output_value(settings, value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
    } else {
        gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
        enum gpiod_line_edge e = GPIOD_LINE_EDGE_NONE;
        if (edge == PANEL_GPIO_EDGE_RISING) e = GPIOD_LINE_EDGE_RISING;
        if (edge == PANEL_GPIO_EDGE_FALLING) e = GPIOD_LINE_EDGE_FALLING;
        if (edge == PANEL_GPIO_EDGE_BOTH) e = GPIOD_LINE_EDGE_BOTH;
        gpiod_line_settings_set_edge_detection(settings, e);
        gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC);
        enum gpiod_line_bias b = GPIOD_LINE_BIAS_AS_IS;
        if (bias == PANEL_GPIO_BIAS_DISABLED) b = GPIOD_LINE_BIAS_DISABLED;
        if (bias == PANEL_GPIO_BIAS_PULL_UP) b = GPIOD_LINE_BIAS_PULL_UP;
        if (bias == PANEL_GPIO_BIAS_PULL_DOWN) b = GPIOD_LINE_BIAS_PULL_DOWN;
        gpiod_line_settings_set_bias(settings, b);
    }
    struct gpiod_line_config *config = gpiod_line_config_new();
    if (!config) { int e = errno; gpiod_line_settings_free(settings); errno = e; return NULL; }
    unsigned int offset = l->offset;
    if (gpiod_line_config_add_line_settings(config, &offset, 1, settings) < 0) {
        int e = errno; gpiod_line_settings_free(settings); gpiod_line_config_free(config); errno = e; return NULL;
    }
    gpiod_line_settings_free(settings);
    return config;
}
#endif

/// Requests one line: an output driven to `value` (logical), or an input with `edge` detection
/// and `bias`. `active_low` inverts the logical level. NULL with errno on failure (EBUSY: the
/// line is used; EINVAL: no such offset or a setting the chip refuses; EACCES/EPERM).
static inline panel_gpio_line *panel_gpio_request(
    struct gpiod_chip *chip, unsigned int offset, const char *consumer,
    int active_low, int output, int value, int edge, int bias
) {
    panel_gpio_line *l = (panel_gpio_line *)calloc(1, sizeof *l);
    if (!l) return NULL;
    l->chip = chip;
    l->offset = offset;
    l->active_low = active_low;
    l->is_output = output;
    strncpy(l->consumer, consumer, sizeof l->consumer - 1);
#if PANEL_GPIOD_API == 1
    if (offset >= gpiod_chip_num_lines(chip)) { free(l); errno = EINVAL; return NULL; }
    l->line = gpiod_chip_get_line(chip, offset);
    if (!l->line || panel_gpio_v1_request(l, output, value, edge, bias) < 0) {
        int e = errno; free(l); errno = e; return NULL;
    }
#else
    l->events = gpiod_edge_event_buffer_new(16);
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    struct gpiod_line_config *config = panel_gpio_v2_config(l, output, value, edge, bias);
    if (!l->events || !request_config || !config) {
        int e = errno;
        if (l->events) gpiod_edge_event_buffer_free(l->events);
        if (request_config) gpiod_request_config_free(request_config);
        if (config) gpiod_line_config_free(config);
        free(l); errno = e; return NULL;
    }
    gpiod_request_config_set_consumer(request_config, l->consumer);
    gpiod_request_config_set_event_buffer_size(request_config, 64);
    l->request = gpiod_chip_request_lines(chip, request_config, config);
    int e = errno;
    gpiod_request_config_free(request_config);
    gpiod_line_config_free(config);
    if (!l->request) { gpiod_edge_event_buffer_free(l->events); free(l); errno = e; return NULL; }
#endif
    return l;
}

/// Switches a requested line between output and input without giving it up where the API
/// allows (v2 reconfigures in place; v1 releases and requests again). -1 with errno on failure,
/// after which the line is released (v1) or keeps its old configuration (v2).
static inline int panel_gpio_reconfigure(panel_gpio_line *l, int output, int value, int edge, int bias) {
#if PANEL_GPIOD_API == 1
    gpiod_line_release(l->line);
    if (panel_gpio_v1_request(l, output, value, edge, bias) < 0) return -1;
#else
    struct gpiod_line_config *config = panel_gpio_v2_config(l, output, value, edge, bias);
    if (!config) return -1;
    int r = gpiod_line_request_reconfigure_lines(l->request, config);
    int e = errno;
    gpiod_line_config_free(config);
    if (r < 0) { errno = e; return -1; }
#endif
    l->is_output = output;
    return 0;
}

/// The file descriptor that becomes readable when an edge event is waiting.
static inline int panel_gpio_fd(panel_gpio_line *l) {
#if PANEL_GPIOD_API == 1
    return gpiod_line_event_get_fd(l->line);
#else
    return gpiod_line_request_get_fd(l->request);
#endif
}

/// Reads one edge event (blocks if none is waiting: poll the fd first). `rising` is 1 for a
/// rising logical edge; `timestamp_ns` is the kernel's CLOCK_MONOTONIC time of the edge;
/// `seqno` is the kernel's per-line sequence number (v2), or a local count (v1, whose kernel
/// interface has none). Returns 0, or -1 with errno.
static inline int panel_gpio_read_event(panel_gpio_line *l, int *rising, uint64_t *timestamp_ns, uint32_t *seqno) {
#if PANEL_GPIOD_API == 1
    struct gpiod_line_event event;
    if (gpiod_line_event_read(l->line, &event) < 0) return -1;
    *rising = event.event_type == GPIOD_LINE_EVENT_RISING_EDGE;
    *timestamp_ns = (uint64_t)event.ts.tv_sec * 1000000000ull + (uint64_t)event.ts.tv_nsec;
    *seqno = ++l->local_seqno;
    return 0;
#else
    int n = gpiod_line_request_read_edge_events(l->request, l->events, 1);
    if (n < 0) return -1;
    if (n == 0) { errno = EAGAIN; return -1; }
    struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(l->events, 0);
    *rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
    *timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
    *seqno = (uint32_t)gpiod_edge_event_get_line_seqno(event);
    return 0;
#endif
}

/// The logical value (0/1), or -1 with errno.
static inline int panel_gpio_get_value(panel_gpio_line *l) {
#if PANEL_GPIOD_API == 1
    return gpiod_line_get_value(l->line);
#else
    int v = (int)gpiod_line_request_get_value(l->request, l->offset);
    return v < 0 ? -1 : (v == GPIOD_LINE_VALUE_ACTIVE);
#endif
}

/// Drives the logical value; -1 with errno (EPERM on an input line).
static inline int panel_gpio_set_value(panel_gpio_line *l, int value) {
#if PANEL_GPIOD_API == 1
    return gpiod_line_set_value(l->line, value);
#else
    return gpiod_line_request_set_value(l->request, l->offset, value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
#endif
}

/// Gives the line back and frees it.
static inline void panel_gpio_release(panel_gpio_line *l) {
    if (!l) return;
#if PANEL_GPIOD_API == 1
    gpiod_line_release(l->line);
#else
    gpiod_line_request_release(l->request);
    gpiod_edge_event_buffer_free(l->events);
#endif
    free(l);
}

#endif
