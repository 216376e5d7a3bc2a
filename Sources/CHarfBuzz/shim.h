// HarfBuzz (Debian: libharfbuzz-dev): text shaping (kerning, ligatures, complex scripts).
// Only its declarations come from here: PanelGraphics loads libharfbuzz.so.0 with dlopen when
// the first TrueType font family is made, so apps that draw only the built-in font never map
// it (nor glib, graphite2, pcre2 and brotli, which it brings: 1.3 MB of resident pages).
#if __has_include(<harfbuzz/hb.h>)
#include <harfbuzz/hb.h>
#else
#error "HarfBuzz is missing: install Debian's libharfbuzz-dev (scripts/setup does)"
#endif

#include <dlfcn.h>

// The loader's calls (for HarfBuzz and FriBidi: PanelGraphics' LoadedLibrary), here so that
// PanelGraphics needs no libc module of its own.
static inline void *panel_dlopen(const char *file) { return dlopen(file, RTLD_NOW | RTLD_LOCAL); }
static inline void *panel_dlsym(void *handle, const char *name) { return dlsym(handle, name); }
static inline const char *panel_dlerror(void) { return dlerror(); }
