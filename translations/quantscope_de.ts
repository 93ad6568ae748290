<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="37"/>
        <source>Is INT8 faster than FP32 for this ONNX model here, and if not, why?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="41"/>
        <source>ONNX model to open; give two (FP32 and INT8) to open them as a pair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="45"/>
        <source>Save a screenshot of the window after loading, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="48"/>
        <source>Find (and select) a node after loading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="50"/>
        <source>Bring a panel to the front (its object name, e.g. OperatorsDock).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="54"/>
        <source>Trigger actions by object name before loading (leftToRight, collapseQdq, boundariesOnly, tensorShapes), comma-separated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="60"/>
        <source>Select the graph colouring by index (0 category, 1 MACs, 2 weight bytes).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::GraphPanel</name>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="46"/>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="57"/>
        <source>Find node name, op type or tensor name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="61"/>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="62"/>
        <source>Previous match (Shift+F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="64"/>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="65"/>
        <source>Next match (F3, Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="68"/>
        <source>Close the find bar (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="69"/>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="92"/>
        <source>Colour by:</source>
        <translation>Färben nach:</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="105"/>
        <source>Which model of the pair the graph shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="122"/>
        <source>&amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="122"/>
        <source>Fit the whole graph in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="123"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="123"/>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="124"/>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="124"/>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="127"/>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="127"/>
        <source>Zoom to 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="141"/>
        <source>&amp;Left to Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="142"/>
        <source>Lay the graph out left to right instead of top to bottom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="143"/>
        <source>Left→Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="144"/>
        <source>&amp;Collapse Q/DQ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="145"/>
        <source>Fold QuantizeLinear/DequantizeLinear nodes into the node they feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="146"/>
        <source>&amp;Boundaries Only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="147"/>
        <source>Show only quantization boundaries; dim everything else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="149"/>
        <source>&amp;Tensor Shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="149"/>
        <source>Show element types and shapes on edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="150"/>
        <source>O&amp;verview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="150"/>
        <source>Show the overview map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="155"/>
        <source>Boundaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="157"/>
        <source>Shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="169"/>
        <source>Node category</source>
        <translation>Knotenart</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="170"/>
        <source>MACs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="171"/>
        <source>Weight bytes per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="173"/>
        <source>Colour nodes by a per-node metric (run profiles and parity reports add more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="176"/>
        <source>&amp;Find...</source>
        <translation>&amp;Suchen …</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="176"/>
        <source>Find a node by name, op type or tensor name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="182"/>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="182"/>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="183"/>
        <source>Find Pre&amp;vious</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="183"/>
        <source>Previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="187"/>
        <source>Export Graph as &amp;PNG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="188"/>
        <source>Save the whole graph as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="189"/>
        <source>Export Graph as &amp;SVG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="190"/>
        <source>Save the whole graph as a scalable SVG drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="219"/>
        <source>FP32: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="222"/>
        <source>Quantized: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="311"/>
        <source>The analysis reports no per-node MACs for this model yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="323"/>
        <source>bytes, log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="323"/>
        <source>log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="362"/>
        <source>No match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="365"/>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::GraphScene</name>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="56"/>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="56"/>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="67"/>
        <source>crosses between the float and integer domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="197"/>
        <source>The graph is too large for an image of %1 x %2 pixels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="210"/>
        <location filename="../ui/graph/graph_scene.cpp" line="228"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="224"/>
        <source>Graph exported by Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::LegendWidget</name>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="65"/>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="80"/>
        <source>float&amp;nbsp;&amp;#8596;&amp;nbsp;integer&amp;nbsp;edge</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::LoadWorker</name>
    <message>
        <location filename="../ui/workers/load_worker.cpp" line="51"/>
        <location filename="../ui/workers/load_worker.cpp" line="57"/>
        <location filename="../ui/workers/loaded_model.cpp" line="49"/>
        <source>Laying out the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="31"/>
        <source>Reading and checking the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="41"/>
        <source>Analysing quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="54"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="145"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="146"/>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="148"/>
        <source>Open an ONNX model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="149"/>
        <source>Open &amp;Pair (FP32 + INT8)...</source>
        <translation>&amp;Paar öffnen (FP32 + INT8) …</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="151"/>
        <source>Open a float model and its quantized version side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="152"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="162"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="170"/>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="174"/>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="176"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="159"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="68"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="69"/>
        <source>Stop loading; the model shown now stays open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="87"/>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="103"/>
        <source>Open an ONNX model with Ctrl+O or drop one on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="120"/>
        <source>Model Summary</source>
        <translation>Modellübersicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="121"/>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="122"/>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="123"/>
        <location filename="../ui/main_window.cpp" line="126"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="124"/>
        <source>Benchmark runs of FP32 and INT8 with per-operator timings come to this window with GUI part 2; until then 'quantscope-cli bench' measures them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="127"/>
        <location filename="../ui/main_window.cpp" line="130"/>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="128"/>
        <source>FP32 vs INT8 latency per operator, accuracy parity (SQNR) and the “why is INT8 slower” explanation come with GUI part 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="132"/>
        <location filename="../ui/main_window.cpp" line="133"/>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="132"/>
        <source>Markdown/PDF reports of a comparison come with GUI part 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="177"/>
        <source>&amp;About Quantscope</source>
        <translation>Ü&amp;ber Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="178"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="188"/>
        <source>Working...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="195"/>
        <location filename="../ui/main_window.cpp" line="202"/>
        <source>Opening %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="201"/>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="210"/>
        <source>Open ONNX Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="221"/>
        <source>Open Pair: the FP32 Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="225"/>
        <source>Open Pair: the Quantized (INT8) Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="238"/>
        <source>Export Graph as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="238"/>
        <source>Export Graph as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="240"/>
        <source>SVG drawings (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="240"/>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="245"/>
        <source>Export Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="247"/>
        <source>Exported the graph to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="265"/>
        <source>%1 nodes · %2 boundaries · layout %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="270"/>
        <source>Graph laid out again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="270"/>
        <source>Opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="277"/>
        <source>Could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="281"/>
        <source>Could Not Open Model</source>
        <translation>Modell konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="282"/>
        <source>Quantscope could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="315"/>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="330"/>
        <source>%1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="333"/>
        <source>Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="333"/>
        <source>%1 — Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="390"/>
        <source>About Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="391"/>
        <source>&lt;h3&gt;Quantscope %1&lt;/h3&gt;&lt;p&gt;Is INT8 faster than FP32 for this ONNX model on this machine, and if not, why?&lt;/p&gt;&lt;p&gt;Git revision %2. Built with Qt %3; graph layout by Graphviz; ONNX schemas from libonnx.&lt;/p&gt;&lt;p&gt;Licensed under the MIT license.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::MinimapView</name>
    <message>
        <location filename="../ui/graph/minimap_view.cpp" line="22"/>
        <source>Overview: click or drag to move the view</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::NodeItem</name>
    <message numerus="yes">
        <location filename="../ui/graph/node_item.cpp" line="31"/>
        <source>%n Q/DQ node(s) collapsed into this one</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::ui::NodeStyle</name>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="37"/>
        <source>Float compute</source>
        <translation>Gleitkomma-Rechnung</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="40"/>
        <source>Shape / layout</source>
        <translation>Form / Layout</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="43"/>
        <source>QuantizeLinear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="46"/>
        <source>DequantizeLinear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="49"/>
        <source>DynamicQuantizeLinear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="52"/>
        <source>QLinear* / QGemm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="55"/>
        <source>*Integer compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="58"/>
        <source>Control flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="69"/>
        <source>Float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="72"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="75"/>
        <source>Quantize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="78"/>
        <source>Dequantize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="81"/>
        <source>DynQuant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="84"/>
        <source>QLinear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="87"/>
        <source>Integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="90"/>
        <source>Control</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::OpCountModel</name>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="114"/>
        <source>%1 is a quantization boundary (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="130"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="132"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="134"/>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="134"/>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="136"/>
        <source>Quantized</source>
        <translation>Quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="138"/>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
</context>
<context>
    <name>qs::ui::OperatorsPanel</name>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="45"/>
        <source>Double-click an operator to find it in the graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="75"/>
        <source>%1 → %2 nodes (%3%4, ×%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="82"/>
        <source>%1 nodes, %2 operator types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="108"/>
        <source>Open a model to see its operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="115"/>
        <source>Most frequent operators: FP32 vs quantized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="115"/>
        <source>Most frequent operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="117"/>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="117"/>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="119"/>
        <source>Quantized</source>
        <translation>Quantisiert</translation>
    </message>
</context>
<context>
    <name>qs::ui::PropertiesPanel</name>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="49"/>
        <source>, ... (%1 values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="89"/>
        <source>Click a node in the graph to see its operator documentation, attributes, tensors, quantization parameters and weight statistics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="112"/>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="113"/>
        <source>Opset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="115"/>
        <source>Definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="115"/>
        <source>since opset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="121"/>
        <source>Documentation (Quantscope&apos;s summary; libonnx has no schema)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="122"/>
        <source>Documentation (ONNX schema)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="126"/>
        <source>Documentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="126"/>
        <source>No schema is known for this operator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="130"/>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="152"/>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="152"/>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="159"/>
        <source>(omitted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="168"/>
        <source>constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="186"/>
        <source>Input %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="187"/>
        <source>min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="188"/>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="188"/>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="188"/>
        <source>std</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="189"/>
        <source>sparsity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="190"/>
        <source>elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="198"/>
        <location filename="../ui/panels/properties_panel.cpp" line="201"/>
        <source>Quantization parameters</source>
        <translation>Quantisierungsparameter</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="201"/>
        <source>Computed at run time (not constants in the file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="203"/>
        <source>Weight statistics</source>
        <translation>Gewichtsstatistik</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="205"/>
        <source>Node documentation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::SummaryPanel</name>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="96"/>
        <source>No model open. Use File → Open (Ctrl+O), drop an .onnx file here, or open an FP32 and an INT8 model side by side with File → Open Pair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="105"/>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="105"/>
        <source>Quantized</source>
        <translation>Quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="112"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="116"/>
        <source>Quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="117"/>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="118"/>
        <source>%1 (%2 quantization boundaries)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="120"/>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="121"/>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="122"/>
        <source>File size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="125"/>
        <source> + %1 external data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="128"/>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="130"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="132"/>
        <source>MACs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="137"/>
        <source>≥ %1 (%2 nodes with unknown shapes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="138"/>
        <source>not computed by this build&apos;s analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="140"/>
        <source>Opsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="148"/>
        <source>IR version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="149"/>
        <source>Producer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="152"/>
        <source>Shape inference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="155"/>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="157"/>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="158"/>
        <source>%1 of %2 tensors with known shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="160"/>
        <source>Load time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="161"/>
        <source>%1 ms load, %2 ms analysis, %3 ms layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="170"/>
        <source>Node kinds of %1 come from op types: this build&apos;s engine analysis does not report per-node categories yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
