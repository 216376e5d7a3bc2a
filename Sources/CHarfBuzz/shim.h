// HarfBuzz (Debian: libharfbuzz-dev): text shaping (kerning, ligatures, complex scripts).
#if __has_include(<hb.h>)
#include <hb.h>
#else
#error "HarfBuzz is missing: install Debian's libharfbuzz-dev (scripts/setup does)"
#endif
