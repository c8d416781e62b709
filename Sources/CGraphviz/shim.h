// The parts of libgraphviz that GraphvizRendering calls: contexts, layout and rendering (gvc),
// and graphs and their error messages (cgraph).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// cgraph's default memory and I/O disciplines, reached through functions because Swift 6 does
// not let code touch C global variables directly.
static inline Agmemdisc_t *mediate_default_memory_discipline(void) { return &AgMemDisc; }
static inline Agiodisc_t *mediate_default_io_discipline(void) { return &AgIoDisc; }

// The file a loaded symbol comes from, as glibc's dladdr gives it: Swift's Glibc module does not
// declare dladdr (it needs _GNU_SOURCE), so the same function is declared here under its own name.
typedef struct {
    const char *file;
    void *fileBase;
    const char *symbolName;
    void *symbolAddress;
} mediate_symbol_info;
extern int mediate_dladdr(const void *address, mediate_symbol_info *info) __asm__("dladdr");
