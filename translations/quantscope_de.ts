<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="40"/>
        <source>Is INT8 faster than FP32 for this ONNX model here, and if not, why?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="44"/>
        <source>ONNX model to open; give two (FP32 and INT8) to open them as a pair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="48"/>
        <source>Save a screenshot of the window after loading, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="51"/>
        <source>Find (and select) a node after loading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="53"/>
        <source>Bring a panel to the front (its object name, e.g. OperatorsDock).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="57"/>
        <source>Trigger actions by object name before loading (leftToRight, collapseQdq, boundariesOnly, tensorShapes), comma-separated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="63"/>
        <source>Select the graph colouring by index (0 category, 1 MACs, 2 weight bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="67"/>
        <source>Open a run file (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="69"/>
        <source>Show a central tab by index (0 graph, 1 results).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="72"/>
        <source>Start a benchmark of the opened model(s) with the remembered settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="75"/>
        <source>Milliseconds to wait before the screenshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="78"/>
        <source>After a --bench run, colour the graph by the last scenario&apos;s profile.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::BenchmarkWorker</name>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="24"/>
        <source>preparing</source>
        <translation>Vorbereitung</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="26"/>
        <source>warming up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="28"/>
        <source>measuring</source>
        <translation>Messung</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="54"/>
        <source>This build has no execution engine; nothing was measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="82"/>
        <source>[%1/%2] %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="99"/>
        <source>starting</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="126"/>
        <source>Could not create the run folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::Charts</name>
    <message>
        <location filename="../ui/charts/breakdown_chart.cpp" line="53"/>
        <source>other</source>
        <translation>andere</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_box_chart.cpp" line="18"/>
        <source>Latency&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;box P25–P75 (IQR), line median, whiskers within 1.5 IQR&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_box_chart.cpp" line="50"/>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="19"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="21"/>
        <source>latency per inference (ms)</source>
        <translation>Latenz pro Inferenz (ms)</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="23"/>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="84"/>
        <source>Latency distribution&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;runs beyond 1.5 IQR not drawn: %1 (max %2 ms)&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_common.cpp" line="31"/>
        <source> (partial)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::ComparePanel</name>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="30"/>
        <source>A (baseline):</source>
        <translation>A (Basis):</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="30"/>
        <source>B (candidate):</source>
        <translation>B (Kandidat):</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="37"/>
        <source>A run from the Runs panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="40"/>
        <source>Which model, threads and mode of that run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="65"/>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="65"/>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="65"/>
        <source>B / A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="66"/>
        <source>Measured runs</source>
        <translation>Gemessene Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="66"/>
        <source>Median ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="66"/>
        <source>P95 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="66"/>
        <source>IQR ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="66"/>
        <source>Mean ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="67"/>
        <source>CV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="67"/>
        <source>Min ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="67"/>
        <source>Max ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="67"/>
        <source>First run ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="67"/>
        <source>Preparation ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="67"/>
        <source>Peak RSS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="70"/>
        <source>B / A below 1: B takes less time (or memory) than A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="176"/>
        <source>Measure or open runs in the Runs panel, then pick two scenarios to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="177"/>
        <source>Pick two scenarios with measured runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="179"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="229"/>
        <source>B is faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="230"/>
        <source>B is slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="231"/>
        <source>no clear difference: the interval includes 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="232"/>
        <source>&lt;b&gt;Speedup of B over A: %1×&lt;/b&gt; (median A / median B; %2% bootstrap interval %3–%4×, %5 resamples, seed %6): %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="242"/>
        <source>No speedup: a median is not positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="247"/>
        <source>different CPUs (%1 vs %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="250"/>
        <source>different Quantscope builds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="253"/>
        <source>different thread settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="255"/>
        <source>different modes (%1 vs %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="257"/>
        <source>different runtimes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="259"/>
        <source>a side is partial (cancelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="261"/>
        <source>Not like for like: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="269"/>
        <source>A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="270"/>
        <source>B: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::GraphPanel</name>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="46"/>
        <source>Graph</source>
        <translation>Graph</translation>
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
        <location filename="../ui/graph/graph_panel.cpp" line="99"/>
        <source>Open an ONNX model (Ctrl+O) or drop one here.

Open an FP32 and an INT8 model side by side with File → Open Pair (Ctrl+Shift+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="108"/>
        <source>Which model of the pair the graph shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="125"/>
        <source>&amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="125"/>
        <source>Fit the whole graph in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="126"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="126"/>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="127"/>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="127"/>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="130"/>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="130"/>
        <source>Zoom to 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="144"/>
        <source>&amp;Left to Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="145"/>
        <source>Lay the graph out left to right instead of top to bottom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="146"/>
        <source>Left→Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="147"/>
        <source>&amp;Collapse Q/DQ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="148"/>
        <source>Fold QuantizeLinear/DequantizeLinear nodes into the node they feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="149"/>
        <source>&amp;Boundaries Only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="150"/>
        <source>Show only quantization boundaries; dim everything else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="152"/>
        <source>&amp;Tensor Shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="152"/>
        <source>Show element types and shapes on edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="153"/>
        <source>O&amp;verview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="153"/>
        <source>Show the overview map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="158"/>
        <source>Boundaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="160"/>
        <source>Shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="173"/>
        <source>Node category</source>
        <translation>Knotenart</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="174"/>
        <source>MACs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="175"/>
        <source>Weight bytes per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="177"/>
        <source>Colour nodes by a per-node metric (run profiles and parity reports add more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="180"/>
        <source>&amp;Find...</source>
        <translation>&amp;Suchen …</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="180"/>
        <source>Find a node by name, op type or tensor name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="186"/>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="186"/>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="187"/>
        <source>Find Pre&amp;vious</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="187"/>
        <source>Previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="191"/>
        <source>Export Graph as &amp;PNG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="192"/>
        <source>Save the whole graph as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="193"/>
        <source>Export Graph as &amp;SVG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="194"/>
        <source>Save the whole graph as a scalable SVG drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="223"/>
        <source>FP32 · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="226"/>
        <source>INT8 · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="331"/>
        <source>The analysis reports no per-node MACs for this model yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="343"/>
        <source>bytes, log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="343"/>
        <source>log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="382"/>
        <source>No match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="385"/>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::GraphScene</name>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="64"/>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="64"/>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="75"/>
        <source>crosses between the float and integer domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="205"/>
        <source>The graph is too large for an image of %1 x %2 pixels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="218"/>
        <location filename="../ui/graph/graph_scene.cpp" line="236"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="232"/>
        <source>Graph exported by Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::LegendWidget</name>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="70"/>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="85"/>
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
        <location filename="../ui/main_window.cpp" line="167"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="168"/>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="170"/>
        <source>Open an ONNX model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="171"/>
        <source>Open &amp;Pair (FP32 + INT8)...</source>
        <translation>&amp;Paar öffnen (FP32 + INT8) …</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="173"/>
        <source>Open a float model and its quantized version side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="174"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="188"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="196"/>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="200"/>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="202"/>
        <source>&amp;Benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="206"/>
        <source>Choose Run &amp;Folder...</source>
        <translation>Lauf&amp;ordner wählen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="207"/>
        <source>Show &amp;Graph</source>
        <translation>&amp;Graph zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="209"/>
        <source>Show R&amp;esults</source>
        <translation>&amp;Ergebnisse zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="212"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="185"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>R&amp;esults</source>
        <translation type="vanished">&amp;Ergebnisse</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="71"/>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="72"/>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="73"/>
        <source>The model&apos;s graph (Alt+G)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="74"/>
        <source>Charts, statistics and findings of the selected run (Alt+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="83"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="84"/>
        <source>Stop loading; the model shown now stays open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="102"/>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="130"/>
        <source>Open an ONNX model with Ctrl+O or drop one on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="147"/>
        <source>Model Summary</source>
        <translation>Modellübersicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="148"/>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="149"/>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="153"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="154"/>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="155"/>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="213"/>
        <source>&amp;About Quantscope</source>
        <translation>Ü&amp;ber Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="214"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="224"/>
        <source>Working...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="231"/>
        <location filename="../ui/main_window.cpp" line="238"/>
        <source>Opening %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="237"/>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="246"/>
        <source>Open ONNX Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="257"/>
        <source>Open Pair: the FP32 Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="261"/>
        <source>Open Pair: the Quantized (INT8) Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="274"/>
        <source>Export Graph as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="274"/>
        <source>Export Graph as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="276"/>
        <source>SVG drawings (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="276"/>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="281"/>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="283"/>
        <source>Exported the graph to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="302"/>
        <source>%1 nodes · %2 boundaries · layout %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="307"/>
        <source>Graph laid out again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="307"/>
        <source>Opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="314"/>
        <source>Could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="318"/>
        <source>Could Not Open Model</source>
        <translation>Modell konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="319"/>
        <source>Quantscope could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="352"/>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="367"/>
        <source>%1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="370"/>
        <source>Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="370"/>
        <source>%1 — Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="441"/>
        <source>The graph shows another model: open %1 to see this profile on its graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="447"/>
        <source>Graph coloured by the mean time per node of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="452"/>
        <source>About Quantscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="453"/>
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
        <location filename="../ui/panels/properties_panel.cpp" line="202"/>
        <source>Not constants in the file: other nodes compute them at run time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="204"/>
        <source>Weight statistics</source>
        <translation>Gewichtsstatistik</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="206"/>
        <source>Node documentation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportExporter</name>
    <message>
        <location filename="../ui/report/report_exporter.cpp" line="117"/>
        <source>%1: the PDF could not be written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportPanel</name>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="26"/>
        <source>Export Report as &amp;Markdown...</source>
        <translation>Bericht als &amp;Markdown exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="29"/>
        <source>Write the engine&apos;s Markdown report of the selected run (Ctrl+Shift+M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="31"/>
        <source>Export Report as &amp;PDF...</source>
        <translation>Bericht als &amp;PDF exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="34"/>
        <source>Write the report with its charts as a PDF (Ctrl+Shift+P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="52"/>
        <source>The Markdown report exactly as &apos;quantscope-cli report&apos; writes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="59"/>
        <source>Exported %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="60"/>
        <source>Exported the report to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="63"/>
        <source>Export failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="64"/>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="64"/>
        <source>Could not write %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="76"/>
        <source>&lt;p style=&apos;color:#868e96&apos;&gt;Select a run in the Runs panel to see its report.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="105"/>
        <source>Export Report as Markdown</source>
        <translation>Bericht als Markdown exportieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="105"/>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="108"/>
        <location filename="../ui/panels/report_panel.cpp" line="120"/>
        <source>Writing %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="117"/>
        <source>Export Report as PDF</source>
        <translation>Bericht als PDF exportieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="117"/>
        <source>PDF documents (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::ResultsPanel</name>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="61"/>
        <source>&lt;p style=&apos;font-size:large; color:#495057&apos;&gt;&lt;b&gt;No run selected&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:#868e96&apos;&gt;Measure FP32 against INT8 in the Runs panel (Ctrl+R), or open a run file (Ctrl+Shift+R) or drop one on the window.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="74"/>
        <source>Which setting (threads · mode) the charts show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="76"/>
        <source>Colour &amp;Graph by Time</source>
        <translation>&amp;Graph nach Zeit einfärben</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="78"/>
        <source>Colour the graph&apos;s nodes by the mean time per node this run measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="82"/>
        <source>Setting:</source>
        <translation>Einstellung:</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="108"/>
        <source>Statistics of the measured runs as stored in the run file; percentiles interpolate linearly between closest ranks (numpy&apos;s default), IQR = P75 − P25</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="156"/>
        <source>&lt;b&gt;Unsaved run&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="156"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="196"/>
        <location filename="../ui/panels/results_panel.cpp" line="312"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="196"/>
        <location filename="../ui/panels/results_panel.cpp" line="197"/>
        <source>no scenario of this setting has samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="197"/>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="205"/>
        <location filename="../ui/panels/results_panel.cpp" line="317"/>
        <source>Time per op type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="205"/>
        <source>not profiled: run with “Per-node profile” on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="206"/>
        <location filename="../ui/panels/results_panel.cpp" line="319"/>
        <source>Time per op type (ms per run)</source>
        <translation>Zeit pro Operatortyp (ms pro Lauf)</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="206"/>
        <location filename="../ui/panels/results_panel.cpp" line="319"/>
        <source>ms per run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="208"/>
        <location filename="../ui/panels/results_panel.cpp" line="321"/>
        <location filename="../ui/panels/results_panel.cpp" line="323"/>
        <source>Operators by type</source>
        <translation>Operatoren nach Typ</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="208"/>
        <location filename="../ui/panels/results_panel.cpp" line="323"/>
        <source>nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>Measured runs</source>
        <translation>Gemessene Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>Median (P50) ms</source>
        <translation>Median (P50) ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>P95 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>IQR ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>Mean ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>Std dev ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>CV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>Min ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>Max ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>P99 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>FPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>First run ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="225"/>
        <source>Preparation ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="225"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="279"/>
        <source>Mean time per node of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="313"/>
        <source>Latency box plot</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::RunListModel</name>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="64"/>
        <source>%1 · %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="65"/>
        <source> vs </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="69"/>
        <source> (partial)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="87"/>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::RunText</name>
    <message>
        <location filename="../ui/util/run_text.cpp" line="17"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="18"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="44"/>
        <source>AVX2 %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="45"/>
        <source>AVX-512 VNNI %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="46"/>
        <source>AVX-VNNI %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="47"/>
        <source>AMX-INT8 %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="49"/>
        <source>NEON %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="50"/>
        <source>dotprod %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="51"/>
        <source>i8mm %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="54"/>
        <source>measured for %1 s per scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="55"/>
        <source>measured runs per scenario: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="56"/>
        <source>&lt;b&gt;How it was measured.&lt;/b&gt; %1 on &lt;b&gt;%2&lt;/b&gt; (%3 cores, %4 logical processors; %5; oneDNN %6 dispatching to %7), %8, %9.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="66"/>
        <source>Threads: %1; mode: %2; warm-up runs: %3 (the first run after preparation is timed separately); %4. Each latency is one whole inference timed with a steady clock on generated inputs (seeded uniform [0, 1)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="75"/>
        <source>Per-node profiling was on: its hooks run between kernels and add a little to each run&apos;s time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="82"/>
        <source>Input shapes: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="87"/>
        <source>The run was cancelled; the results are partial.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="96"/>
        <source>No findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="103"/>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="104"/>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="105"/>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::RunsPanel</name>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="58"/>
        <source>Measure</source>
        <translation>Messen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="65"/>
        <source>Measure the open model (the FP32 model of a pair)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="66"/>
        <source>Measure the quantized model of the pair (open a pair with Ctrl+Shift+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="68"/>
        <source>Optimized</source>
        <translation>Optimiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="68"/>
        <source>As written</source>
        <translation>Wie geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="68"/>
        <source>Both</source>
        <translation>Beide</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="69"/>
        <source>Optimized: the engine&apos;s fused kernels. As written: one kernel per node of the file, the way a naive runtime executes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="73"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="74"/>
        <source>Intra-op threads for oneDNN and the engine&apos;s kernels. 1 is the controlled setting; Ǌll cores” is the practical one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="78"/>
        <source>Runs before measuring (caches, lazy initialisation); the first is timed separately</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="81"/>
        <source>Measured runs per model; the statistics and histograms are of these</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="82"/>
        <source>Per-node profile</source>
        <translation>Profil pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="83"/>
        <source>Record time per node and per op type (for the op-type chart and the graph colouring); its hooks add a little time between kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="86"/>
        <source>e.g. images=1x3x640x640</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="87"/>
        <source>Bind free input dimensions: NAME=DIMS, several separated by spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="90"/>
        <source>Warm-up:</source>
        <translation>Aufwärmen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="92"/>
        <source>Runs:</source>
        <translation>Läufe:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="95"/>
        <source>Models:</source>
        <translation>Modelle:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="97"/>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="98"/>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="99"/>
        <source>Input shapes:</source>
        <translation>Eingabeformen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="102"/>
        <source>&amp;Run Benchmark</source>
        <translation>Benchmark &amp;starten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="105"/>
        <source>Measure the chosen models on a background thread (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="107"/>
        <source>&amp;Cancel Benchmark</source>
        <translation>Benchmark &amp;abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="110"/>
        <source>Stop after the current kernel; what was measured is kept, marked partial (Ctrl+.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="112"/>
        <source>Open Run &amp;File...</source>
        <translation>Lauf&amp;datei öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="115"/>
        <source>Open a run file written by Quantscope or &apos;quantscope-cli bench --json&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="118"/>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="122"/>
        <source>Cancel</source>
        <translation type="unfinished">Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="147"/>
        <source>Runs</source>
        <translation type="unfinished">Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="151"/>
        <source>Runs measured here or opened from run files; select one to chart it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="160"/>
        <source>Open...</source>
        <translation>Öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="163"/>
        <source>Folder...</source>
        <translation>Ordner...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="164"/>
        <source>Choose the folder new runs are saved to and listed from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="194"/>
        <source>Cancelled: the partial results are kept%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="195"/>
        <source> in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="196"/>
        <source>Done%1.</source>
        <translation>Fertig%1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="196"/>
        <source>: saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="198"/>
        <source>Could Not Save Run</source>
        <translation>Lauf konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="198"/>
        <source>The run finished but could not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="203"/>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="204"/>
        <source>Benchmark Failed</source>
        <translation>Benchmark fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="204"/>
        <source>The benchmark could not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="208"/>
        <source>Cancelled before anything was measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="218"/>
        <source>Skipped %1 in the run folder: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="226"/>
        <source>Could Not Open Run File</source>
        <translation>Laufdatei konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="226"/>
        <source>Quantscope could not read the run file %1.</source>
        <translation>Quantscope konnte die Laufdatei %1 nicht lesen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="256"/>
        <source>(open a model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="256"/>
        <source>(open a pair for FP32 vs INT8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="262"/>
        <source>INT8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="262"/>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="292"/>
        <source>Choose at least one model to measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="314"/>
        <source>Input shape &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="337"/>
        <source>Starting...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="345"/>
        <source>Cancelling after the current kernel...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="374"/>
        <source>Folder: %1</source>
        <translation>Ordner: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="387"/>
        <source>Folder for Run Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="400"/>
        <source>Open Run Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="400"/>
        <source>Run files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ui::ScenarioGroup</name>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="13"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="16"/>
        <source>1 thread</source>
        <translation>1 Thread</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="17"/>
        <source>%1 threads</source>
        <translation>%1 Threads</translation>
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
