// The C heap's bytes in use, for benchmarks that report a widget's memory beside LVGL's
// lv_mem_monitor figures.
#pragma once
#include <malloc.h>
#include <stddef.h>

/// Bytes glibc's allocator has handed out and not had back (mallinfo2's uordblks).
static inline size_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks;
}
