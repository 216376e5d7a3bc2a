#include "panel_png_stream.h"

#include <png.h>
#include <stdio.h>

struct panel_png_state {
    panel_png_sink sink;
    void *context;
    char *error;
    size_t error_size;
};

static void panel_png_on_error(png_structp png, png_const_charp message) {
    struct panel_png_state *state = png_get_error_ptr(png);
    snprintf(state->error, state->error_size, "%s", message);
    png_longjmp(png, 1);
}

static void panel_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void panel_png_on_write(png_structp png, png_bytep data, size_t length) {
    struct panel_png_state *state = png_get_io_ptr(png);
    state->sink(state->context, data, length);
}

static void panel_png_on_flush(png_structp png) { (void)png; }

int panel_png_encode(
    uint32_t width, uint32_t height, int channels, uint8_t *row, panel_png_row_source rows, panel_png_sink sink,
    void *context, char *error, size_t error_size) {
    struct panel_png_state state = {sink, context, error, error_size};
    if (channels != 3 && channels != 4) {
        snprintf(error, error_size, "%d channels: PanelKit writes RGB (3) or RGBA (4)", channels);
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, panel_png_on_error, panel_png_on_warning);
    if (png == NULL) {
        snprintf(error, error_size, "libpng could not start (out of memory)");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        snprintf(error, error_size, "libpng could not start (out of memory)");
        return -1;
    }
    // Neither png nor info changes after this point, so both are valid after a longjmp.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, &state, panel_png_on_write, panel_png_on_flush);
    png_set_IHDR(
        png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
        PNG_COMPRESSION_TYPE_DEFAULT,
        PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        rows(context, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}
