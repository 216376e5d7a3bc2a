// LibVNCServer, the VNC server library (Debian: libvncserver-dev). Only PanelRemote imports it,
// so only apps built with PanelKit's Remote trait link it.
#ifndef PANELKIT_CVNCSERVER_SHIM_H
#define PANELKIT_CVNCSERVER_SHIM_H
#include <rfb/rfb.h>
#include <sys/eventfd.h>

// The server's inbox wake-up: an eventfd, non-blocking and close-on-exec.
static inline int panel_remote_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

// rfbInitServer is a macro that names the build's variant (threads, ZRLE): Swift sees no macro.
static inline void panel_rfb_init_server(rfbScreenInfoPtr screen) { rfbInitServer(screen); }

// Whether the client's connection is TLS (a WebSocket over TLS: LibVNCServer's only encrypted
// transport when it is built with GnuTLS or OpenSSL).
static inline int panel_rfb_client_is_encrypted(rfbClientPtr client) {
#if defined(LIBVNCSERVER_WITH_WEBSOCKETS) && (defined(LIBVNCSERVER_HAVE_GNUTLS) || defined(LIBVNCSERVER_HAVE_LIBSSL))
    return client->sslctx != NULL;
#else
    (void)client;
    return 0;
#endif
}

// Whether this LibVNCServer can encrypt at all (TLS WebSockets).
static inline int panel_rfb_can_encrypt(void) {
#if defined(LIBVNCSERVER_WITH_WEBSOCKETS) && (defined(LIBVNCSERVER_HAVE_GNUTLS) || defined(LIBVNCSERVER_HAVE_LIBSSL))
    return 1;
#else
    return 0;
#endif
}
#endif
