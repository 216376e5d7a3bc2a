// FreeType 2 (Debian: libfreetype-dev): TrueType/OpenType faces and anti-aliased glyph bitmaps.
// Its declarations come from here; PanelGraphics loads libfreetype.so.6 with dlopen when the
// first TrueType file is opened, so apps that draw only the built-in font need not map it. Its
// pkg-config entry, which gives the header's directory, still asks to link it: a board build
// (scripts/build-for-board) reads the entry for the directory only, and maps FreeType only when
// a TrueType file is opened.
#if __has_include(<ft2build.h>)
#include <ft2build.h>
#include FT_FREETYPE_H
#else
#error "FreeType is missing: install Debian's libfreetype-dev (scripts/setup does)"
#endif

// FreeType's load flags are macros Swift does not import.
static const int panel_ft_load_render = FT_LOAD_RENDER;
static const int panel_ft_load_target_light = FT_LOAD_TARGET_LIGHT;
static const int panel_ft_load_no_bitmap = FT_LOAD_NO_BITMAP;
static const long panel_ft_face_flag_scalable = FT_FACE_FLAG_SCALABLE;
