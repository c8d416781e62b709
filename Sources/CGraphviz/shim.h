// The parts of libgraphviz that GraphvizRendering calls: contexts, layout and rendering (gvc),
// and graphs and their error messages (cgraph).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
