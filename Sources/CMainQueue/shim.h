// libdispatch's main queue as a run loop services it (what swift-corelibs-foundation's RunLoop
// calls): a descriptor that is readable while the main queue has work, and the call that runs
// it. libdispatch is part of the Swift runtime on Linux; these two are exported by it for run
// loops, though its public headers leave them out.
#ifndef PANELKIT_CMAINQUEUE_SHIM_H
#define PANELKIT_CMAINQUEUE_SHIM_H

#include <sys/syscall.h>
#include <unistd.h>

/// The main queue's eventfd: readable (a count of wake-ups) when work was queued on it.
int _dispatch_get_main_queue_handle_4CF(void);
/// Runs the work queued on the main queue when the call began; work it queues waits for the
/// next call. Only on the thread the main queue is bound to (the process's main thread, as
/// long as nothing called dispatch_main()).
void _dispatch_main_queue_callback_4CF(void *_Nullable message);

/// Whether the calling thread is the process's main thread.
static inline int panel_is_process_main_thread(void) { return syscall(SYS_gettid) == getpid(); }

#endif
