// The parts of libgraphviz that GraphvizRendering calls: contexts, layout and rendering (gvc),
// and graphs and their error messages (cgraph).
//
// Two generations of the API are in use, and the one this is built against is chosen here, at
// compile time, from the headers:
//
// - Graphviz 2.42 to 8.x (Debian 12's libgraphviz-dev is 2.42.2): `Agdisc_t` has a memory
//   discipline (`mem`), `Agiddisc_t` has `alloc`, `agreadline` resets the parser's line count,
//   and `gvRenderData` gives the length as an `unsigned int`.
// - Graphviz 9.0 dropped the memory discipline; 13.0 dropped `Agiddisc_t.alloc` and
//   `agreadline`, made `gvRenderData`'s length a `size_t`, and raised the plugin version
//   (`GVPLUGIN_VERSION`, the plugins' shared-library version) from 6 to 8. Homebrew ships 13+.
//
// GVPLUGIN_VERSION (graphviz_version.h, every generation) tells 13+ from older. 9.0 removed the
// memory discipline together with the cdt macro DTTREESEARCH, whose presence tells a header with
// `mem` from one without. The static assertions below make a wrong guess a compile error, not a
// crash: each checks the size of a struct, or the type of `gvRenderData`, against the guess.
#include <graphviz/graphviz_version.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

#if defined(GVPLUGIN_VERSION) && GVPLUGIN_VERSION >= 8
#define MEDIATE_GRAPHVIZ_13 1
#else
#define MEDIATE_GRAPHVIZ_13 0
#endif

#if defined(DTTREESEARCH)
#define MEDIATE_GRAPHVIZ_MEMORY_DISCIPLINE 1
#else
#define MEDIATE_GRAPHVIZ_MEMORY_DISCIPLINE 0
#endif

_Static_assert(sizeof(Agdisc_t) == (MEDIATE_GRAPHVIZ_MEMORY_DISCIPLINE ? 3 : 2) * sizeof(void *),
               "Agdisc_t does not have the fields this Graphviz generation was taken to have");
_Static_assert(sizeof(Agiddisc_t) == (MEDIATE_GRAPHVIZ_13 ? 6 : 7) * sizeof(void (*)(void)),
               "Agiddisc_t does not have the fields this Graphviz generation was taken to have");
_Static_assert(_Generic(&gvRenderData,
                        int (*)(GVC_t *, graph_t *, const char *, char **, size_t *): 1,
                        default: 0) == MEDIATE_GRAPHVIZ_13,
               "gvRenderData's length is not of the type this Graphviz generation was taken to have");

// The shared-library version in the file names of Graphviz's plugins: libgvplugin_core.so.6 on
// Linux, libgvplugin_core.8.dylib on macOS.
static inline int mediate_plugin_version(void) { return GVPLUGIN_VERSION; }

// An ID discipline with the given callbacks; where the generation has `alloc`, it refuses every
// ID a caller asks for, as the default discipline does. Swift calls it with the fields' names.
#if !MEDIATE_GRAPHVIZ_13
static inline long mediate_refuse_requested_id(void *state, int objtype, IDTYPE id) {
    (void)state;
    (void)objtype;
    (void)id;
    return 0;
}
#endif

static inline Agiddisc_t mediate_id_discipline(
    void *(*open)(Agraph_t *graph, Agdisc_t *discipline),
    long (*map)(void *state, int objtype, char *name, IDTYPE *id, int create),
    void (*release)(void *state, int objtype, IDTYPE id),
    char *(*print)(void *state, int objtype, IDTYPE id),
    void (*finish)(void *state),
    void (*idregister)(void *state, int objtype, void *object))
    __attribute__((swift_name("mediate_id_discipline(open:map:free:print:close:idregister:)"))) {
    Agiddisc_t discipline = {
        .open = open,
        .map = map,
#if !MEDIATE_GRAPHVIZ_13
        .alloc = mediate_refuse_requested_id,
#endif
        .free = release,
        .print = print,
        .close = finish,
        .idregister = idregister,
    };
    return discipline;
}

// Reads one graph from `file` with cgraph's default I/O (and, where there is one, memory)
// discipline and the ID discipline `ids`, which must outlive the graph. Its messages count lines
// from 1: older generations count on across reads unless told with agreadline.
static inline Agraph_t *mediate_read_graph(FILE *file, Agiddisc_t *ids) {
    Agdisc_t discipline = {
#if MEDIATE_GRAPHVIZ_MEMORY_DISCIPLINE
        .mem = &AgMemDisc,
#endif
        .id = ids,
        .io = &AgIoDisc,
    };
#if !MEDIATE_GRAPHVIZ_13
    agreadline(1);
#endif
    return agread(file, &discipline);
}

// gvRenderData with the length as a size_t in every generation.
// Graphviz 2.42 to 8.x lay out a labelled edge between two nodes of one rank (a flat edge) by
// putting its label on a virtual node in the rank above, growing that rank's node list with
// realloc (flat.c, make_vn_slot) but leaving `av`, the pointer gvFreeLayout frees, at the old
// list: a double free, which corrupted the heap once realloc moved the list (coupling diagrams
// of 15 weak participants aborted). After a dot layout the root graph's lists are `v` (mincross
// sets v = av, and only make_vn_slot moves v afterwards), so `av` is pointed at `v` before the
// layout is freed. Graphs of other engines have no ranks; Graphviz 13 is left as it is.
static inline void mediate_repair_rank_lists(graph_t *graph) {
#if !MEDIATE_GRAPHVIZ_13
    rank_t *ranks = GD_rank(graph);
    if (ranks == NULL) return;
    for (int r = GD_minrank(graph); r <= GD_maxrank(graph); r++) ranks[r].av = ranks[r].v;
#else
    (void)graph;
#endif
}

static inline int mediate_render_data(GVC_t *context, graph_t *graph, const char *format, char **data,
                                      size_t *length) {
#if MEDIATE_GRAPHVIZ_13
    return gvRenderData(context, graph, format, data, length);
#else
    unsigned int count = 0;
    int status = gvRenderData(context, graph, format, data, &count);
    *length = count;
    return status;
#endif
}

// An empty C string that lives as long as the process. cgraph may keep a pointer to an
// attribute's default value; a Swift "" passed as a pointer is a temporary that is freed after the
// call, and AddressSanitizer caught cgraph reading one later (heap-use-after-free in agstrdup).
static inline char *mediate_empty_c_string(void) {
    static char empty[1] = "";
    return empty;
}

// The path of the libgvc this process runs with, or NULL, from the loader (dladdr).
#if defined(__APPLE__)
static inline const char *mediate_gvc_library_path(void) {
    Dl_info info;
    void *symbol = dlsym(RTLD_DEFAULT, "gvContext");
    return symbol != NULL && dladdr(symbol, &info) != 0 ? info.dli_fname : NULL;
}
#else
// glibc declares dladdr only under _GNU_SOURCE, which Swift's Glibc module does not define, so
// the same function is declared here under its own name, with glibc's Dl_info layout.
typedef struct {
    const char *file;
    void *fileBase;
    const char *symbolName;
    void *symbolAddress;
} mediate_symbol_info;
extern int mediate_dladdr(const void *address, mediate_symbol_info *info) __asm__("dladdr");

static inline const char *mediate_gvc_library_path(void) {
    mediate_symbol_info info;
    void *symbol = dlsym(NULL /* RTLD_DEFAULT in glibc */, "gvContext");
    return symbol != NULL && mediate_dladdr(symbol, &info) != 0 ? info.file : NULL;
}
#endif
