// libxkbcommon (Debian: libxkbcommon-dev; its layouts: xkb-data): keyboard layouts, the keymap
// Wayland compositors, Qt's and Slint's Linux backends use to turn key codes into characters.
#if __has_include(<xkbcommon/xkbcommon.h>)
#include <xkbcommon/xkbcommon.h>
#else
#error "libxkbcommon is missing: install Debian's libxkbcommon-dev and xkb-data (scripts/setup does)"
#endif
