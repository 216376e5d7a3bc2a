/* LVGL v9.4.0 chart harness: the peer of PanelKit's ChartFeed (Benchmarks/Sources/ChartFeed; run
 * both with Benchmarks/LVGL/run.sh chart).
 * usage: lvchart shift|circular [frames=1000] [warmup=100]
 * A 760x440 LV_CHART_TYPE_LINE chart centred on an 800x480 XRGB8888 screen, default theme, point
 * markers off (LV_PART_INDICATOR size 0, as LVGL's many-point example does), 4 series of 1000
 * points on a 0..1000 Y range, prefilled. A timed frame is lv_chart_set_next_value on each series
 * and then lv_tick_inc(16), lv_timer_handler(), lv_refr_now(NULL); the values (a slow wave plus
 * noise per series, the same numbers as ChartFeed's) are computed before the clock starts.
 * prints: lvgl-chart <mode> frames=<n> frame_p50_us=<> frame_p99_us=<> frame_max_us=<>
 *         chart_heap_bytes=<> (lv_mem_monitor: in use with the chart minus before it) */
#include "harness.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define SERIES 4
#define POINTS 1000

static uint32_t lcg = 12345;
static int32_t noise(int amp) {
    lcg = lcg * 1103515245u + 12345u;
    return (int32_t)((lcg >> 16) % (uint32_t)(2 * amp + 1)) - amp;
}

/* A slow wave plus noise per series, kept inside 0..1000. */
static int32_t sample(int s, long t) {
    static const double period[SERIES] = {400, 250, 700, 160};
    static const double base[SERIES] = {650, 450, 300, 550};
    double v = base[s] + 220.0 * sin(6.283185307179586 * (double)t / period[s] + s);
    int32_t x = (int32_t)v + noise(40);
    return x < 0 ? 0 : x > 1000 ? 1000 : x;
}

static void frame_step(void) {
    lv_tick_inc(16);
    lv_timer_handler();
    lv_refr_now(NULL);
}

static uint32_t heap_in_use(void) {
    lv_mem_monitor_t mon;
    lv_mem_monitor(&mon);
    return (uint32_t)(mon.total_size - mon.free_size);
}

int main(int argc, char **argv) {
    if (argc < 2 || (strcmp(argv[1], "shift") && strcmp(argv[1], "circular"))) {
        fprintf(stderr, "usage: lvchart shift|circular [frames] [warmup]\n");
        return 2;
    }
    int shift = strcmp(argv[1], "shift") == 0;
    int frames = argc > 2 ? atoi(argv[2]) : 1000;
    int warmup = argc > 3 ? atoi(argv[3]) : 100;
    if (frames < 0 || warmup < 0) {
        fprintf(stderr, "lvchart: frames and warmup >= 0\n");
        return 2;
    }
    harness_display(800, 480);
    frame_step();
    uint32_t before = heap_in_use();
    lv_obj_t *chart = lv_chart_create(lv_screen_active());
    lv_obj_set_size(chart, 760, 440);
    lv_obj_center(chart);
    lv_chart_set_type(chart, LV_CHART_TYPE_LINE);
    lv_chart_set_update_mode(chart, shift ? LV_CHART_UPDATE_MODE_SHIFT : LV_CHART_UPDATE_MODE_CIRCULAR);
    lv_chart_set_point_count(chart, POINTS);
    lv_chart_set_axis_range(chart, LV_CHART_AXIS_PRIMARY_Y, 0, 1000);
    lv_obj_set_style_size(chart, 0, 0, LV_PART_INDICATOR);
    static const lv_palette_t pal[SERIES] = {LV_PALETTE_RED, LV_PALETTE_BLUE, LV_PALETTE_GREEN, LV_PALETTE_ORANGE};
    lv_chart_series_t *ser[SERIES];
    for (int s = 0; s < SERIES; s++) ser[s] = lv_chart_add_series(chart, lv_palette_main(pal[s]), LV_CHART_AXIS_PRIMARY_Y);
    long t = 0;
    for (; t < POINTS; t++)
        for (int s = 0; s < SERIES; s++) lv_chart_set_next_value(chart, ser[s], sample(s, t));
    frame_step();
    frame_step();
    uint32_t chart_heap = heap_in_use() - before;

    uint64_t *times = malloc(sizeof *times * (size_t)(frames + 1));
    for (int k = 0; k < warmup + frames; k++, t++) {
        int32_t v[SERIES];
        for (int s = 0; s < SERIES; s++) v[s] = sample(s, t);
        uint64_t t0 = now_ns();
        for (int s = 0; s < SERIES; s++) lv_chart_set_next_value(chart, ser[s], v[s]);
        frame_step();
        uint64_t t1 = now_ns();
        if (k >= warmup) times[k - warmup] = t1 - t0;
    }
    qsort(times, (size_t)frames, sizeof *times, cmp_u64);
    printf("lvgl-chart %s frames=%d frame_p50_us=%.1f frame_p99_us=%.1f frame_max_us=%.1f chart_heap_bytes=%u\n", argv[1], frames,
           frames ? percentile_us(times, frames, 50) : 0, frames ? percentile_us(times, frames, 99) : 0,
           frames ? times[frames - 1] / 1000.0 : 0, (unsigned)chart_heap);
    return 0;
}
