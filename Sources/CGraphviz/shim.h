// The parts of libgraphviz that GraphvizRendering calls: contexts, layout and rendering (gvc),
// and graphs and their error messages (cgraph).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// cgraph's default memory and I/O disciplines, reached through functions because Swift 6 does
// not let code touch C global variables directly.
static inline Agmemdisc_t *mediate_default_memory_discipline(void) { return &AgMemDisc; }
static inline Agiodisc_t *mediate_default_io_discipline(void) { return &AgIoDisc; }

// An empty C string that lives as long as the process. cgraph may keep a pointer to an
// attribute's default value; a Swift "" passed as a pointer is a temporary that is freed after the
// call, and AddressSanitizer caught cgraph reading one later (heap-use-after-free in agstrdup).
static inline char *mediate_empty_c_string(void) {
    static char empty[1] = "";
    return empty;
}

// The file a loaded symbol comes from, as glibc's dladdr gives it: Swift's Glibc module does not
// declare dladdr (it needs _GNU_SOURCE), so the same function is declared here under its own name.
typedef struct {
    const char *file;
    void *fileBase;
    const char *symbolName;
    void *symbolAddress;
} mediate_symbol_info;
extern int mediate_dladdr(const void *address, mediate_symbol_info *info) __asm__("dladdr");
