/* LVGL v9.4.0 widgets-demo harness: the peer of PanelKit's WidgetsDemo (Benchmarks/Sources/WidgetsDemo,
 * which times Examples/WidgetShowcase; run both with Benchmarks/LVGL/run.sh demo).
 * usage: lvdemo [redraws=500] [switches=24] [warmup=3] [--phase NAME]
 * lv_demo_widgets() on an 800x480 XRGB8888 display drawn into RAM (the demo's large layout). A frame is
 * lv_tick_inc(16), lv_timer_handler(), lv_refr_now(NULL). Phases, one line each (µs):
 *   create        lv_demo_widgets(): one sample
 *   first_frame   the first lv_refr_now: layout and the whole first frame: one sample
 *   full_redraw   lv_obj_invalidate(screen) and lv_refr_now, on Profile, warm
 *   photo         lv_obj_invalidate(avatar) and lv_refr_now: the Profile photo's 136x136 area redrawn
 *                 (the card behind it and the photo), warm
 *   idle          a frame on Profile with nothing to do
 *   switch_first  lv_tabview_set_active(tv, 1, LV_ANIM_ON) from Profile, frames until the animations
 *                 started by it are over: per frame and whole
 *   switch        warm switches cycling Shop -> Profile -> Analytics -> Shop...: per frame and whole
 *   dials         Analytics scrolled to its end, where its three scales animate: every frame of 3 s
 * --phase NAME runs the set-up and that phase only (run.sh counts its instructions under callgrind).
 * --png-dir DIR shows each tab without animation, lets 40 frames pass, redraws the whole screen
 * and writes it as DIR/profile.png, DIR/analytics.png and DIR/shop.png (libpng), then exits: the
 * screenshots BENCHMARKS.md sets beside PanelKit's. */
#include "harness.h"
#include "demos/lv_demos.h"
#include <png.h>
#include <stdio.h>
#include <string.h>

static const char *only;
static int wanted(const char *phase) { return only == NULL || strcmp(only, phase) == 0; }

static void frame_step(void) {
    lv_tick_inc(16);
    lv_timer_handler();
    lv_refr_now(NULL);
}

static void report(const char *phase, uint64_t *v, int n, const char *extra) {
    if (!wanted(phase)) return;
    uint64_t max = 0;
    for (int i = 0; i < n; i++) max = v[i] > max ? v[i] : max;
    qsort(v, (size_t)n, sizeof *v, cmp_u64);
    printf("lvgl-demo %s samples=%d p50_us=%.1f p99_us=%.1f max_us=%.1f%s\n", phase, n, n ? percentile_us(v, n, 50) : 0,
           n ? percentile_us(v, n, 99) : 0, max / 1000.0, extra);
}

/* One animated switch to tab `index`: its frames' times into `times` (at most `capacity`); returns the count. */
static int tab_switch(lv_obj_t *tv, uint32_t index, uint64_t *times, int capacity) {
    uint32_t before = lv_anim_count_running();
    int n = 0;
    do {
        uint64_t t0 = now_ns();
        if (n == 0) lv_tabview_set_active(tv, index, LV_ANIM_ON);
        frame_step();
        if (n < capacity) times[n] = now_ns() - t0;
        n++;
    } while (lv_anim_count_running() > before && n < 1000);
    return n < capacity ? n : capacity;
}

/* The whole screen, redrawn into the full-size buffer, as an RGB PNG at `path`; 0 on success. */
static int write_png(lv_display_t *disp, const char *path) {
    lv_obj_invalidate(lv_screen_active());
    lv_refr_now(NULL);
    lv_draw_buf_t *buf = lv_display_get_buf_active(disp);
    int32_t w = lv_display_get_horizontal_resolution(disp), h = lv_display_get_vertical_resolution(disp);
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        fclose(f);
        return 1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    uint8_t *row = malloc((size_t)w * 3);
    for (int32_t y = 0; y < h; y++) {
        const uint8_t *px = buf->data + (size_t)y * buf->header.stride;
        for (int32_t x = 0; x < w; x++) { /* XRGB8888 in memory: B, G, R, X */
            row[x * 3] = px[x * 4 + 2];
            row[x * 3 + 1] = px[x * 4 + 1];
            row[x * 3 + 2] = px[x * 4];
        }
        png_write_row(png, row);
    }
    free(row);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(f) != 0;
}

static lv_obj_t *find_tabview(lv_obj_t *screen) {
    for (uint32_t i = 0; i < lv_obj_get_child_count(screen); i++) {
        lv_obj_t *child = lv_obj_get_child(screen, (int32_t)i);
        if (lv_obj_check_type(child, &lv_tabview_class)) return child;
    }
    return NULL;
}

/* The first image under `obj`, depth first: on the Profile tab, the avatar. */
static lv_obj_t *find_image(lv_obj_t *obj) {
    if (lv_obj_check_type(obj, &lv_image_class)) return obj;
    for (uint32_t i = 0; i < lv_obj_get_child_count(obj); i++) {
        lv_obj_t *found = find_image(lv_obj_get_child(obj, (int32_t)i));
        if (found != NULL) return found;
    }
    return NULL;
}

int main(int argc, char **argv) {
    int numbers[3] = {500, 24, 3}, count = 0;
    const char *png_dir = NULL;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--phase") == 0 && a + 1 < argc) only = argv[++a];
        else if (strcmp(argv[a], "--png-dir") == 0 && a + 1 < argc) png_dir = argv[++a];
        else if (count < 3 && atoi(argv[a]) >= 0) numbers[count++] = atoi(argv[a]);
    }
    int redraws = numbers[0], switches = numbers[1], warmup = numbers[2];
    lv_display_t *disp = harness_display(800, 480);

    uint64_t t0 = now_ns();
    lv_demo_widgets();
    uint64_t create = now_ns() - t0;
    report("create", &create, 1, "");
    t0 = now_ns();
    lv_refr_now(NULL);
    uint64_t first = now_ns() - t0;
    report("first_frame", &first, 1, "");
    lv_obj_t *screen = lv_screen_active();
    lv_obj_t *tv = find_tabview(screen);
    if (tv == NULL) {
        fprintf(stderr, "lvdemo: no tab view on the screen\n");
        return 1;
    }

    if (png_dir != NULL) {
        static const char *names[] = {"profile", "analytics", "shop"};
        for (uint32_t i = 0; i < 3; i++) {
            lv_tabview_set_active(tv, i, LV_ANIM_OFF);
            for (int k = 0; k < 40; k++) frame_step();
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.png", png_dir, names[i]);
            if (write_png(disp, path) != 0) {
                fprintf(stderr, "lvdemo: cannot write %s\n", path);
                return 1;
            }
        }
        return 0;
    }

    uint64_t *v = malloc(sizeof *v * 4096);
    if (wanted("full_redraw")) {
        int n = 0;
        for (int k = 0; k < 20 + redraws; k++) {
            lv_obj_invalidate(screen);
            t0 = now_ns();
            lv_refr_now(NULL);
            if (k >= 20 && n < 4096) v[n++] = now_ns() - t0;
        }
        report("full_redraw", v, n, "");
    }
    if (wanted("photo")) {
        lv_obj_t *avatar = find_image(lv_obj_get_child(lv_tabview_get_content(tv), 0));
        if (avatar == NULL) {
            fprintf(stderr, "lvdemo: no photo on the Profile tab\n");
            return 1;
        }
        int n = 0;
        for (int k = 0; k < 20 + redraws; k++) {
            lv_obj_invalidate(avatar);
            t0 = now_ns();
            lv_refr_now(NULL);
            if (k >= 20 && n < 4096) v[n++] = now_ns() - t0;
        }
        report("photo", v, n, "");
    }
    if (wanted("idle")) {
        for (int k = 0; k < 20; k++) frame_step();
        for (int k = 0; k < 300; k++) {
            t0 = now_ns();
            frame_step();
            v[k] = now_ns() - t0;
        }
        report("idle", v, 300, "");
    }
    if (wanted("switch_first") || wanted("switch") || wanted("dials")) {
        int n = tab_switch(tv, 1, v, 4096);
        uint64_t whole = 0;
        for (int k = 0; k < n; k++) whole += v[k];
        char extra[64];
        snprintf(extra, sizeof extra, " frames=%d whole_us=%.1f", n, whole / 1000.0);
        report("switch_first", v, n, extra);
    }
    if (wanted("switch")) {
        uint64_t *wholes = malloc(sizeof *wholes * (size_t)(switches + 1));
        uint64_t buffer[1000];
        int n = 0, fewest = 1 << 30, most = 0;
        uint32_t next = 2;
        for (int k = 0; k < warmup + switches; k++) {
            int frames = tab_switch(tv, next, buffer, 1000);
            next = (next + 1) % 3;
            if (k < warmup) continue;
            uint64_t whole = 0;
            for (int f = 0; f < frames; f++) {
                whole += buffer[f];
                if (n < 4096) v[n++] = buffer[f];
            }
            wholes[k - warmup] = whole;
            fewest = frames < fewest ? frames : fewest;
            most = frames > most ? frames : most;
        }
        char extra[64];
        snprintf(extra, sizeof extra, " frames_per_switch=%d..%d", switches ? fewest : 0, most);
        report("switch", v, n, extra);
        report("switch", wholes, switches, " (whole switches)");
        free(wholes);
    }
    if (wanted("dials")) {
        if (lv_tabview_get_tab_active(tv) != 1) lv_tabview_set_active(tv, 1, LV_ANIM_OFF);
        lv_obj_t *page = lv_obj_get_child(lv_tabview_get_content(tv), 1);
        lv_obj_scroll_to_y(page, LV_COORD_MAX, LV_ANIM_OFF);
        for (int k = 0; k < 20; k++) frame_step();
        for (int k = 0; k < 180; k++) {
            t0 = now_ns();
            frame_step();
            v[k] = now_ns() - t0;
        }
        report("dials", v, 180, "");
    }
    free(v);
    return 0;
}
