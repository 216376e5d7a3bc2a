/* LVGL v9.4.0 label harness: the peer of PanelKit's TextLabel_* benchmarks (RenderBenchmarks;
 * run with Benchmarks/LVGL/run.sh label).
 * usage: lvlabel [draws=2000] [warmup=200]
 * An 800x40 XRGB8888 display (one full-size buffer, partial mode, flush into RAM), white, with
 * one lv_label 800 px wide using a FreeType font at 18 px (LV_FREETYPE_FONT_RENDER_MODE_BITMAP):
 * DejaVu Sans with WenQuanYi Micro Hei as its fallback, as PanelKit's family. Each draw is
 * lv_obj_invalidate(label) + lv_refr_now: the background under the label and the glyphs,
 * from LVGL's glyph cache once warm. Timed for the 60-glyph Latin line and the 20-glyph Chinese
 * line of the PanelKit benchmark.
 * prints: lvgl-label text=<latin|cjk> glyphs=<n> p50_us=<> p90_us=<> p99_us=<> */
#include "harness.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define W 800
#define H 40

static void run(lv_obj_t *label, const char *name, const char *text, int glyphs, int draws, int warmup) {
    lv_label_set_text(label, text);
    lv_refr_now(NULL);
    uint64_t *s = malloc(sizeof *s * (size_t)draws);
    for (int k = 0; k < warmup + draws; k++) {
        uint64_t t0 = now_ns();
        lv_obj_invalidate(label);
        lv_refr_now(NULL);
        uint64_t t1 = now_ns();
        if (k >= warmup) s[k - warmup] = t1 - t0;
    }
    qsort(s, (size_t)draws, sizeof *s, cmp_u64);
    printf("lvgl-label text=%s glyphs=%d p50_us=%.1f p90_us=%.1f p99_us=%.1f label_height=%d\n", name, glyphs, percentile_us(s, draws, 50),
           percentile_us(s, draws, 90), percentile_us(s, draws, 99), (int)lv_obj_get_height(label));
    free(s);
}

int main(int argc, char **argv) {
    int draws = argc > 1 ? atoi(argv[1]) : 2000;
    int warmup = argc > 2 ? atoi(argv[2]) : 200;
    if (draws < 1 || warmup < 0) { fprintf(stderr, "usage: lvlabel [draws] [warmup]\n"); return 2; }
    harness_display(W, H);
    /* lv_init() has started LVGL's FreeType support (LV_USE_FREETYPE). */
    lv_font_t *cjk = lv_freetype_font_create("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", LV_FREETYPE_FONT_RENDER_MODE_BITMAP, 18,
                                             LV_FREETYPE_FONT_STYLE_NORMAL);
    lv_font_t *latin = lv_freetype_font_create("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", LV_FREETYPE_FONT_RENDER_MODE_BITMAP,
                                               18, LV_FREETYPE_FONT_STYLE_NORMAL);
    if (!cjk || !latin) { fprintf(stderr, "lvlabel: a font did not load (fonts-dejavu-core, fonts-wqy-microhei)\n"); return 1; }
    latin->fallback = cjk;
    lv_obj_t *screen = lv_screen_active();
    lv_obj_set_style_bg_color(screen, lv_color_white(), 0);
    lv_obj_t *label = lv_label_create(screen);
    lv_obj_set_width(label, W);
    lv_obj_set_style_text_font(label, latin, 0);
    lv_obj_set_style_text_color(label, lv_color_black(), 0);
    lv_label_set_long_mode(label, LV_LABEL_LONG_MODE_CLIP);
    run(label, "latin", "Touch the screen to begin. Kerning: AVATAR, Toast, WAVE 1234", 60, draws, warmup);
    run(label, "cjk", "触摸屏幕开始使用，中文文本显示正确无误。", 20, draws, warmup);
    return 0;
}
