// libpng 1.6's "simplified API" (png_image_*), which handles libpng's setjmp/longjmp error
// recovery internally, so Swift can call it directly. Debian: libpng-dev.
#include <png.h>

// PNG_FORMAT_RGBA is a macro expression Swift does not import.
static const unsigned int panel_png_format_rgba = PNG_FORMAT_RGBA;
