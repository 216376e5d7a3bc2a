/* lvflex: LVGL's side of the layout comparison (Benchmarks' SettingsLayout is PanelKit's).
 *
 * usage: lvflex [screens=50] [changes=1000] [warmup=100]
 * A settings screen of 30 rows in a flex column (lv_obj_set_flex_flow(LV_FLEX_FLOW_COLUMN),
 * 1 px between rows) on an 800x480 XRGB8888 display: each row 44 px tall and the screen's
 * width, itself a flex row (space between, centred) holding a label and a switch. First
 * layout: the screen is built, then lv_obj_update_layout is timed; built and timed `screens`
 * times (each deleted after). Change: the sixth row's height toggles 44 <-> 60 and
 * lv_obj_update_layout is timed, `changes` times after `warmup`.
 * prints: lvgl-layout rows=30 first_layout_p50_us=<> change_p50_us=<> change_p99_us=<> */
#include "harness.h"
#include <stdio.h>

static lv_obj_t *rows[30];

static lv_obj_t *build(lv_obj_t *screen) {
    lv_obj_t *list = lv_obj_create(screen);
    lv_obj_set_size(list, 800, 480);
    lv_obj_set_style_pad_all(list, 0, 0);
    lv_obj_set_style_pad_row(list, 1, 0);
    lv_obj_set_flex_flow(list, LV_FLEX_FLOW_COLUMN);
    for (int i = 0; i < 30; i++) {
        lv_obj_t *row = lv_obj_create(list);
        lv_obj_set_size(row, lv_pct(100), 44);
        lv_obj_set_style_pad_hor(row, 16, 0);
        lv_obj_set_style_pad_ver(row, 0, 0);
        lv_obj_set_flex_flow(row, LV_FLEX_FLOW_ROW);
        lv_obj_set_flex_align(row, LV_FLEX_ALIGN_SPACE_BETWEEN, LV_FLEX_ALIGN_CENTER, LV_FLEX_ALIGN_CENTER);
        lv_obj_t *label = lv_label_create(row);
        lv_label_set_text_fmt(label, "Setting %d", i + 1);
        lv_switch_create(row);
        rows[i] = row;
    }
    return list;
}

int main(int argc, char **argv) {
    int screens = argc > 1 ? atoi(argv[1]) : 50;
    int changes = argc > 2 ? atoi(argv[2]) : 1000;
    int warmup = argc > 3 ? atoi(argv[3]) : 100;
    harness_display(800, 480);
    lv_obj_t *screen = lv_screen_active();
    uint64_t *first = malloc(sizeof(uint64_t) * (size_t)(screens > 0 ? screens : 1));
    for (int s = 0; s < screens; s++) {
        lv_obj_t *list = build(screen);
        uint64_t t0 = now_ns();
        lv_obj_update_layout(screen);
        first[s] = now_ns() - t0;
        lv_obj_delete(list);
    }
    build(screen);
    lv_obj_update_layout(screen);
    uint64_t *times = malloc(sizeof(uint64_t) * (size_t)(changes > 0 ? changes : 1));
    int tall = 0;
    for (int i = 0; i < warmup + changes; i++) {
        tall = !tall;
        uint64_t t0 = now_ns();
        lv_obj_set_height(rows[5], tall ? 60 : 44);
        lv_obj_update_layout(screen);
        uint64_t elapsed = now_ns() - t0;
        if (i >= warmup) times[i - warmup] = elapsed;
    }
    qsort(first, (size_t)screens, sizeof(uint64_t), cmp_u64);
    qsort(times, (size_t)changes, sizeof(uint64_t), cmp_u64);
    printf("lvgl-layout rows=30 first_layout_p50_us=%.1f change_p50_us=%.2f change_p99_us=%.2f\n",
           screens ? percentile_us(first, screens, 50) : 0.0, changes ? percentile_us(times, changes, 50) : 0.0,
           changes ? percentile_us(times, changes, 99) : 0.0);
    return 0;
}
