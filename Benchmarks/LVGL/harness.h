/* What the LVGL harnesses share: a monotonic clock, a flush that only acknowledges (frames are
 * drawn into RAM, as LVGL's own benchmark harness does), the sort for percentiles, and an 800-wide
 * XRGB8888 display with one full-size buffer in partial mode. */
#ifndef PANELKIT_LVGL_HARNESS_H
#define PANELKIT_LVGL_HARNESS_H
#include "lvgl.h"
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void flush_cb(lv_display_t *disp, const lv_area_t *area, uint8_t *px) {
    (void)area; (void)px;
    lv_display_flush_ready(disp);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* lv_init() and a width x height XRGB8888 display drawn into RAM. */
static lv_display_t *harness_display(int32_t width, int32_t height) {
    lv_init();
    lv_display_t *disp = lv_display_create(width, height);
    lv_display_set_color_format(disp, LV_COLOR_FORMAT_XRGB8888);
    uint32_t buf_size = (uint32_t)(width * height * 4);
    lv_display_set_buffers(disp, malloc(buf_size), NULL, buf_size, LV_DISPLAY_RENDER_MODE_PARTIAL);
    lv_display_set_flush_cb(disp, flush_cb);
    return disp;
}

/* The sample at percentile q of n sorted samples, in microseconds. */
static double percentile_us(const uint64_t *sorted, int n, int q) { return sorted[(n * q) / 100 < n ? (n * q) / 100 : n - 1] / 1000.0; }
#endif
