// libxkbcommon (Debian: libxkbcommon-dev; its layouts: xkb-data): keyboard layouts, the keymap
// Wayland compositors, Qt's and Slint's Linux backends use to turn key codes into characters.
// Only its declarations come from here: PanelLinux loads libxkbcommon.so.0 with dlopen when the
// first layout is compiled (XKBCommon), so an app whose board has no keys never maps it.
#if __has_include(<xkbcommon/xkbcommon.h>)
#include <xkbcommon/xkbcommon.h>
#else
#error "libxkbcommon is missing: install Debian's libxkbcommon-dev and xkb-data (scripts/setup does)"
#endif
