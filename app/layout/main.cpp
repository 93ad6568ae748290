// SPDX-License-Identifier: MIT
// quantscope-layout: runs Graphviz's dot layout in a process of its own, so the GUI can abandon a layout it no longer
// needs (a new model opened, the window closed) by killing this process. gvLayout can't be interrupted, and running it
// in a forked copy of the multithreaded GUI would risk a lock held by another thread (fontconfig, pango, malloc).
//
// Reads a graph in the DOT language on standard input, lays it out with dot, and writes on standard output:
//   qs-layout 1
//   bb LLX LLY URX URY                       the bounding box, Graphviz points (y up)
//   node NAME X Y WIDTH HEIGHT               centre in points, size in inches, one line per node
//   edge ID N X1 Y1 ... XN YN EFLAG EX EY [lp X Y W H]
//                                            ID is the edge's "id" attribute; the first spline's bezier points;
//                                            EFLAG 1 when (EX, EY) is the end point of the arrow head; lp: where dot
//                                            placed the edge's label (centre) and its size, in points
//   end
// Numbers are written with std::to_chars (shortest exact form, no locale). Exit 0 on success; otherwise a message on
// standard error and exit 1 (bad input) or 2 (the layout failed).
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

namespace {

void put(std::string& out, double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.push_back(' ');
    out.append(buf, r.ptr);
}

} // namespace

int main()
{
    std::ios::sync_with_stdio(false);
    const std::string dot((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    Agraph_t* g = agmemread(dot.c_str());
    if (!g) {
        std::fputs("quantscope-layout: the input is not a graph in the DOT language\n", stderr);
        return 1;
    }
    GVC_t* gvc = gvContext();
    if (gvLayout(gvc, g, "dot") != 0) {
        std::fputs("quantscope-layout: Graphviz's dot layout failed\n", stderr);
        agclose(g);
        gvFreeContext(gvc);
        return 2;
    }
    std::string out = "qs-layout 1\nbb";
    const boxf bb = GD_bb(g);
    put(out, bb.LL.x);
    put(out, bb.LL.y);
    put(out, bb.UR.x);
    put(out, bb.UR.y);
    out += '\n';
    for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n)) {
        out += "node ";
        out += agnameof(n);
        put(out, ND_coord(n).x);
        put(out, ND_coord(n).y);
        put(out, ND_width(n));
        put(out, ND_height(n));
        out += '\n';
    }
    for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n))
        for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e)) {
            const char* id = agget(e, const_cast<char*>("id"));
            if (!id || !*id)
                continue;
            const splines* spl = ED_spl(e);
            const bezier* bz = spl && spl->size > 0 ? &spl->list[0] : nullptr;
            out += "edge ";
            out += id;
            out += ' ';
            out += std::to_string(bz ? bz->size : 0);
            for (int i = 0; bz && i < bz->size; ++i) {
                put(out, bz->list[i].x);
                put(out, bz->list[i].y);
            }
            out += bz && bz->eflag ? " 1" : " 0";
            put(out, bz && bz->eflag ? bz->ep.x : 0.0);
            put(out, bz && bz->eflag ? bz->ep.y : 0.0);
            if (const textlabel_t* label = ED_label(e); label && label->set) {
                out += " lp";
                put(out, label->pos.x);
                put(out, label->pos.y);
                put(out, label->dimen.x);
                put(out, label->dimen.y);
            }
            out += '\n';
        }
    out += "end\n";
    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    return std::fwrite(out.data(), 1, out.size(), stdout) == out.size() && std::fflush(stdout) == 0 ? 0 : 2;
}
