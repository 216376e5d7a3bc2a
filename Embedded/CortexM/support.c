// The bare-metal floor under the Embedded Swift test program on QEMU's mps2-an386 (Cortex-M4):
// the vector table and reset handler, semihosting output and exit, the C library functions
// Embedded Swift and clang call (a bump allocator, memcpy and friends), and the RAM accounting
// printed at the end (heap high-water mark, stack painted at reset and scanned at exit).
#include <stddef.h>
#include <stdint.h>

extern uint32_t _data_start, _data_end, _data_load, _bss_start, _bss_end;
extern uint32_t _stack_bottom, _stack_top, _heap_start, _heap_end, _flash_end;
extern int cortexm_main(void);

// ---- semihosting (ARM DUI 0471: SYS_WRITEC 0x03, SYS_WRITE0 0x04, SYS_EXIT 0x18) ----
static int semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

int putchar(int c) {
    char ch = (char)c;
    semihost(0x03, &ch);
    return c;
}

static void write_text(const char *text) { semihost(0x04, text); }

static void write_number(uint32_t value) {
    char digits[11];
    int n = 10;
    digits[n] = 0;
    do { digits[--n] = (char)('0' + value % 10); value /= 10; } while (value && n > 0);
    write_text(&digits[n]);
}

_Noreturn static void exit_qemu(int success) {
    // ADP_Stopped_ApplicationExit (0x20026) makes QEMU exit 0; anything else exits 1.
    uint32_t reason = success ? 0x20026u : 0x20023u;
    semihost(0x18, (const void *)(uintptr_t)reason);
    for (;;) {}
}

// ---- memory ----
static uint8_t *heap_next = (uint8_t *)&_heap_start;
static size_t heap_used_bytes;

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < 8) alignment = 8;
    uintptr_t at = ((uintptr_t)heap_next + alignment - 1) & ~(uintptr_t)(alignment - 1);
    if (at + size > (uintptr_t)&_heap_end) return 12;  // ENOMEM
    heap_next = (uint8_t *)(at + size);
    heap_used_bytes = (size_t)(heap_next - (uint8_t *)&_heap_start);
    *out = (void *)at;
    return 0;
}

void *malloc(size_t size) {
    void *p = 0;
    return posix_memalign(&p, 8, size) == 0 ? p : 0;
}

void free(void *p) { (void)p; }  // a bump allocator: the test program's memory lives until exit

void *memcpy(void *dst, const void *src, size_t n) {
    uint8_t *d = dst; const uint8_t *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    uint8_t *d = dst; const uint8_t *s = src;
    if (d < s) { while (n--) *d++ = *s++; }
    else { d += n; s += n; while (n--) *--d = *--s; }
    return dst;
}

void *memset(void *dst, int value, size_t n) {
    uint8_t *d = dst;
    while (n--) *d++ = (uint8_t)value;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const uint8_t *x = a, *y = b;
    for (; n; n--, x++, y++) if (*x != *y) return *x < *y ? -1 : 1;
    return 0;
}

size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }

// Embedded Swift seeds hashing from here; a fixed seed is fine for a test.
void arc4random_buf(void *buf, size_t n) { memset(buf, 0x5A, n); }

// ---- reset ----
#define STACK_PAINT 0xC0FFEE11u

__attribute__((used)) static void report_and_exit(int status) {
    uint32_t *word = &_stack_bottom;
    while (word < &_stack_top && *word == STACK_PAINT) word++;
    uint32_t stack_used = (uint32_t)((uintptr_t)&_stack_top - (uintptr_t)word);
    uint32_t flash = (uint32_t)(uintptr_t)&_flash_end + (uint32_t)((uintptr_t)&_data_end - (uintptr_t)&_data_start);
    uint32_t statics = (uint32_t)((uintptr_t)&_bss_end - (uintptr_t)&_data_start);
    write_text("cortex-m: flash "); write_number(flash);
    write_text(" B, RAM "); write_number(statics + (uint32_t)heap_used_bytes + stack_used);
    write_text(" B (static "); write_number(statics);
    write_text(", heap "); write_number((uint32_t)heap_used_bytes);
    write_text(", stack "); write_number(stack_used);
    write_text(")\n");
    exit_qemu(status == 0);
}

void reset_handler(void) {
    uint32_t *src = &_data_load, *dst = &_data_start;
    while (dst < &_data_end) *dst++ = *src++;
    for (dst = &_bss_start; dst < &_bss_end; dst++) *dst = 0;
    // Paint the stack below the current frame, to measure its high-water mark at exit.
    uint32_t here;
    for (uint32_t *w = &_stack_bottom; w < &here - 64; w++) *w = STACK_PAINT;
    // Enable the FPU (CP10, CP11 full access): the transform uses doubles in hardware-less
    // soft-float on this build, but the FPU must be on for any hard-float library code.
    *(volatile uint32_t *)0xE000ED88 |= (0xFu << 20);
    __asm__ volatile("dsb\n isb");
    report_and_exit(cortexm_main());
}

_Noreturn static void fault_handler(void) {
    write_text("cortex-m: hard fault\n");
    exit_qemu(0);
}

__attribute__((section(".vectors"), used)) static const void *vectors[16] = {
    &_stack_top, (void *)reset_handler, (void *)fault_handler, (void *)fault_handler,
    (void *)fault_handler, (void *)fault_handler, (void *)fault_handler,
};

// ---- what the compilers call besides ----
void __aeabi_memcpy(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
void __aeabi_memcpy4(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
void __aeabi_memcpy8(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
void __aeabi_memmove(void *dst, const void *src, size_t n) { memmove(dst, src, n); }
void __aeabi_memset(void *dst, size_t n, int value) { memset(dst, value, n); }
void __aeabi_memclr(void *dst, size_t n) { memset(dst, 0, n); }
void __aeabi_memclr4(void *dst, size_t n) { memset(dst, 0, n); }
void __aeabi_memclr8(void *dst, size_t n) { memset(dst, 0, n); }

// Stack protector (Swift emits it): a smashed stack ends the run as a failure.
uintptr_t __stack_chk_guard = 0x5AFE57ACu;
_Noreturn void __stack_chk_fail(void) {
    write_text("cortex-m: stack smashing detected\n");
    exit_qemu(0);
}
void __aeabi_memset4(void *dst, size_t n, int value) { memset(dst, value, n); }
void __aeabi_memset8(void *dst, size_t n, int value) { memset(dst, value, n); }

// 64-bit atomics: ARMv7-M has no 64-bit exclusive access. On this single-core part an access
// with interrupts masked is atomic (libatomic's way on microcontrollers).
static uint32_t mask_interrupts(void) {
    uint32_t primask;
    __asm__ volatile("mrs %0, primask\n cpsid i" : "=r"(primask) :: "memory");
    return primask;
}
static void restore_interrupts(uint32_t primask) {
    __asm__ volatile("msr primask, %0" :: "r"(primask) : "memory");
}

uint64_t __atomic_load_8(const volatile void *p, int order) {
    (void)order;
    uint32_t saved = mask_interrupts();
    uint64_t value = *(const volatile uint64_t *)p;
    restore_interrupts(saved);
    return value;
}

void __atomic_store_8(volatile void *p, uint64_t value, int order) {
    (void)order;
    uint32_t saved = mask_interrupts();
    *(volatile uint64_t *)p = value;
    restore_interrupts(saved);
}

_Bool __atomic_compare_exchange_8(volatile void *p, void *expected, uint64_t desired, _Bool weak, int success, int failure) {
    (void)weak; (void)success; (void)failure;
    uint32_t saved = mask_interrupts();
    volatile uint64_t *target = p;
    uint64_t *want = expected;
    _Bool swapped = *target == *want;
    if (swapped) *target = desired; else *want = *target;
    restore_interrupts(saved);
    return swapped;
}

uint64_t __atomic_fetch_add_8(volatile void *p, uint64_t value, int order) {
    (void)order;
    uint32_t saved = mask_interrupts();
    uint64_t old = *(volatile uint64_t *)p;
    *(volatile uint64_t *)p = old + value;
    restore_interrupts(saved);
    return old;
}

uint64_t __atomic_exchange_8(volatile void *p, uint64_t value, int order) {
    (void)order;
    uint32_t saved = mask_interrupts();
    uint64_t old = *(volatile uint64_t *)p;
    *(volatile uint64_t *)p = value;
    restore_interrupts(saved);
    return old;
}
