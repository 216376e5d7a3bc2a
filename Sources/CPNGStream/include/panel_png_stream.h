// Encodes a PNG row by row with libpng's progressive writer (Debian: libpng-dev), so a
// screenshot is never copied whole: each row is fetched, filtered and compressed in turn.
// libpng reports errors by longjmp, which Swift cannot catch; this C file keeps the setjmp.
#ifndef PANEL_PNG_STREAM_H
#define PANEL_PNG_STREAM_H

#include <stddef.h>
#include <stdint.h>

/// Fills `row` (width × channels bytes: red, green, blue and, with 4 channels, alpha) with row `y`.
typedef void (*panel_png_row_source)(void *context, uint32_t y, uint8_t *row);
/// Takes the next `count` bytes of the encoded file.
typedef void (*panel_png_sink)(void *context, const uint8_t *bytes, size_t count);

/// Encodes a `width` × `height` 8-bit image of `channels` channels (3: RGB, 4: RGBA, straight
/// alpha) whose rows `rows` provides, one at a time into `row` (width × channels bytes, the
/// caller's), handing the file's bytes to `sink`. Returns 0, or -1 with libpng's reason in
/// `error` (a NUL-terminated string of at most `error_size` bytes).
int panel_png_encode(
    uint32_t width, uint32_t height, int channels, uint8_t *row, panel_png_row_source rows, panel_png_sink sink,
    void *context, char *error, size_t error_size);

#endif
