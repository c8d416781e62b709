// The parts of libgraphviz that GraphvizRendering calls: contexts, layout and rendering (gvc),
// and graphs and their error messages (cgraph).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// cgraph's default memory and I/O disciplines, reached through functions because Swift 6 does
// not let code touch C global variables directly.
static inline Agmemdisc_t *mediate_default_memory_discipline(void) { return &AgMemDisc; }
static inline Agiodisc_t *mediate_default_io_discipline(void) { return &AgIoDisc; }
