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

// The bidi types the depth guard reads and writes (PanelGraphics' BidiDepthGuard).
static const FriBidiCharType panel_fribidi_type_l = FRIBIDI_TYPE_LTR;
static const FriBidiCharType panel_fribidi_type_r = FRIBIDI_TYPE_RTL;
static const FriBidiCharType panel_fribidi_type_al = FRIBIDI_TYPE_AL;
static const FriBidiCharType panel_fribidi_type_lre = FRIBIDI_TYPE_LRE;
static const FriBidiCharType panel_fribidi_type_rle = FRIBIDI_TYPE_RLE;
static const FriBidiCharType panel_fribidi_type_lro = FRIBIDI_TYPE_LRO;
static const FriBidiCharType panel_fribidi_type_rlo = FRIBIDI_TYPE_RLO;
static const FriBidiCharType panel_fribidi_type_pdf = FRIBIDI_TYPE_PDF;
static const FriBidiCharType panel_fribidi_type_lri = FRIBIDI_TYPE_LRI;
static const FriBidiCharType panel_fribidi_type_rli = FRIBIDI_TYPE_RLI;
static const FriBidiCharType panel_fribidi_type_fsi = FRIBIDI_TYPE_FSI;
static const FriBidiCharType panel_fribidi_type_pdi = FRIBIDI_TYPE_PDI;
static const FriBidiCharType panel_fribidi_type_bn = FRIBIDI_TYPE_BN;
static const FriBidiCharType panel_fribidi_type_on = FRIBIDI_TYPE_ON;
static const FriBidiCharType panel_fribidi_type_ws = FRIBIDI_TYPE_WS;
static const FriBidiCharType panel_fribidi_type_b = FRIBIDI_TYPE_BS;
static const FriBidiCharType panel_fribidi_type_s = FRIBIDI_TYPE_SS;
