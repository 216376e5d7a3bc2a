// libqrencode (Debian: libqrencode-dev), for PanelQRCode only.
#if __has_include(<qrencode.h>)
#include <qrencode.h>
#else
#error "PanelQRCode needs libqrencode's headers: apt-get install libqrencode-dev"
#endif
