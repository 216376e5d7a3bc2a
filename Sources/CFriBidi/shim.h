// GNU FriBidi (Debian: libfribidi-dev): the Unicode Bidirectional Algorithm, which orders
// right-to-left and mixed text. Only its declarations come from here: PanelGraphics loads
// libfribidi.so.0 with dlopen the first time it lays out text with a right-to-left character or
// a bidi control, so apps that never show such text never map it.
#if __has_include(<fribidi/fribidi.h>)
#include <fribidi/fribidi.h>
#else
#error "FriBidi is missing: install Debian's libfribidi-dev (scripts/setup does)"
#endif

// The paragraph directions, as constants Swift can import (FriBidi's are macro expressions).
static const FriBidiParType panel_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType panel_fribidi_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiParType panel_fribidi_par_on = FRIBIDI_PAR_ON;
