<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="43"/>
        <source>Is INT8 faster than FP32 for this ONNX model here, and if not, why?</source>
        <translation>Ist INT8 für dieses ONNX-Modell hier schneller als FP32, und wenn nicht, warum?</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="47"/>
        <source>ONNX model to open; give two (FP32 and INT8) to open them as a pair.</source>
        <translation>Zu öffnendes ONNX-Modell; zwei Modelle (FP32 und INT8) werden als Paar geöffnet.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="51"/>
        <source>Save a screenshot of the window after loading, then quit.</source>
        <translation>Nach dem Laden ein Bildschirmfoto des Fensters speichern und beenden.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="54"/>
        <source>Find (and select) a node after loading.</source>
        <translation>Nach dem Laden einen Knoten suchen (und auswählen).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>Bring a panel to the front (its object name, e.g. OperatorsDock).</source>
        <translation>Einen Bereich in den Vordergrund holen (sein Objektname, z. B. OperatorsDock).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="60"/>
        <source>Trigger actions by object name before loading (leftToRight, collapseQdq, boundariesOnly, tensorShapes), comma-separated.</source>
        <translation>Aktionen vor dem Laden über ihren Objektnamen auslösen (leftToRight, collapseQdq, boundariesOnly, tensorShapes), durch Kommas getrennt.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="66"/>
        <source>Select the graph colouring by index (0 category, 1 MACs, 2 weight bytes).</source>
        <translation>Graphfärbung über ihren Index wählen (0 Knotenart, 1 MACs, 2 Gewichtsbytes).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="70"/>
        <source>Open a run file (repeatable).</source>
        <translation>Eine Laufdatei öffnen (wiederholbar).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="72"/>
        <source>Show a central tab by index (0 graph, 1 results).</source>
        <translation>Einen zentralen Reiter über seinen Index zeigen (0 Graph, 1 Ergebnisse).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="75"/>
        <source>Start a benchmark of the opened model(s) with the remembered settings.</source>
        <translation>Einen Benchmark der geöffneten Modelle mit den gespeicherten Einstellungen starten.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="78"/>
        <source>Milliseconds to wait before the screenshot.</source>
        <translation>Millisekunden bis zum Bildschirmfoto.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="81"/>
        <source>After a --bench run, colour the graph by the last scenario&apos;s profile.</source>
        <translation>Nach einem Lauf mit --bench den Graphen nach dem Profil des letzten Szenarios einfärben.</translation>
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
        <translation>Dieser Build hat keine Ausführungs-Engine; es wurde nichts gemessen.</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="82"/>
        <source>[%1/%2] %3: %4</source>
        <translation>[%1/%2] %3: %4</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="99"/>
        <source>starting</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="126"/>
        <source>Could not create the run folder %1.</source>
        <translation>Der Laufordner %1 konnte nicht angelegt werden.</translation>
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
        <translation>Latenz&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;Box P25–P75 (IQR), Linie Median, Whisker ≤ 1,5 IQR&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_box_chart.cpp" line="50"/>
        <source>ms</source>
        <translation>ms</translation>
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
        <translation>Latenzverteilung&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;Läufe über 1,5 IQR nicht gezeigt: %1 (max. %2 ms)&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_common.cpp" line="31"/>
        <source> (partial)</source>
        <translation> (unvollständig)</translation>
    </message>
</context>
<context>
    <name>qs::ui::ComparePanel</name>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="41"/>
        <source>A (baseline):</source>
        <translation>A (Basis):</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="41"/>
        <source>B (candidate):</source>
        <translation>B (Kandidat):</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="48"/>
        <source>A run from the Runs panel</source>
        <translation>Ein Lauf aus dem Bereich „Läufe“</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="51"/>
        <source>Which model, threads and mode of that run</source>
        <translation>Welches Modell, welche Threads und welcher Modus dieses Laufs</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="63"/>
        <source>&amp;Swap A and B</source>
        <translation>A und B &amp;tauschen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="66"/>
        <source>Exchange baseline and candidate (Ctrl+Shift+X)</source>
        <translation>Basis und Kandidat vertauschen (Strg+Umschalt+X)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="87"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="87"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="87"/>
        <location filename="../ui/panels/compare_panel.cpp" line="119"/>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="88"/>
        <source>Measured runs</source>
        <translation>Gemessene Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="88"/>
        <source>Median ms</source>
        <translation>Median ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="88"/>
        <source>P95 ms</source>
        <translation>P95 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="88"/>
        <source>IQR ms</source>
        <translation>IQR ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="88"/>
        <source>Mean ms</source>
        <translation>Mittelwert ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="89"/>
        <source>CV</source>
        <translation>VK</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="89"/>
        <source>Min ms</source>
        <translation>Min. ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="89"/>
        <source>Max ms</source>
        <translation>Max. ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="89"/>
        <source>First run ms</source>
        <translation>Erster Lauf ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="89"/>
        <source>Preparation ms</source>
        <translation>Vorbereitung ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="89"/>
        <source>Peak RSS</source>
        <translation>Spitzen-RSS</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="92"/>
        <source>Timed inferences after warm-up; the statistics are of these</source>
        <translation>Gemessene Inferenzen nach dem Aufwärmen; die Statistik bezieht sich auf diese</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="93"/>
        <source>Middle latency: half the runs were faster. The speedup compares medians</source>
        <translation>Mittlere Latenz: die Hälfte der Läufe war schneller. Die Beschleunigung vergleicht Mediane</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="94"/>
        <source>95th percentile: 1 run in 20 was slower (tail latency)</source>
        <translation>95. Perzentil: 1 von 20 Läufen war langsamer (Tail-Latenz)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="95"/>
        <source>Interquartile range P75 − P25: the spread of the middle half of the runs</source>
        <translation>Interquartilsabstand P75 − P25: die Streuung der mittleren Hälfte der Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="96"/>
        <source>Arithmetic mean latency; pulled up by slow outliers, unlike the median</source>
        <translation>Arithmetisches Mittel der Latenz; anders als der Median von langsamen Ausreißern nach oben gezogen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="97"/>
        <source>Coefficient of variation = standard deviation / mean; above 10% the measurement is noisy</source>
        <translation>Variationskoeffizient = Standardabweichung / Mittelwert; über 10% ist die Messung verrauscht</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="98"/>
        <source>Fastest run</source>
        <translation>Schnellster Lauf</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="99"/>
        <source>Slowest run</source>
        <translation>Langsamster Lauf</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="100"/>
        <source>The first inference after preparation (cold caches, lazy initialisation), not part of the statistics</source>
        <translation>Die erste Inferenz nach der Vorbereitung (kalte Caches, verzögerte Initialisierung), nicht Teil der Statistik</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="101"/>
        <source>Loading the model into the engine and planning it (kernels, memory) before the first run</source>
        <translation>Laden des Modells in die Engine und seine Planung (Kernel, Speicher) vor dem ersten Lauf</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="102"/>
        <source>Peak resident memory of the process while this scenario ran</source>
        <translation>Höchster residenter Speicher des Prozesses während dieses Szenarios</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="107"/>
        <source>B / A below 1: B takes less time (or memory) than A</source>
        <translation>B / A unter 1: B braucht weniger Zeit (oder Speicher) als A</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="119"/>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="119"/>
        <source>A ms</source>
        <translation>A ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="119"/>
        <source>B ms</source>
        <translation>B ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="119"/>
        <source>B − A ms</source>
        <translation>B − A ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="142"/>
        <source>&amp;Copy as Text</source>
        <translation>Als Text &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="315"/>
        <source>&lt;b&gt;Time per op type&lt;/b&gt;: needs a per-node profile on both sides (tick “Per-node profile” in the Runs panel before measuring).</source>
        <translation>&lt;b&gt;Zeit pro Operatortyp&lt;/b&gt;: braucht auf beiden Seiten ein Profil pro Knoten (vor dem Messen „Profil pro Knoten“ im Bereich „Läufe“ ankreuzen).</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="321"/>
        <source>&lt;b&gt;Time per op type&lt;/b&gt; (ms per run, largest difference first): which op types make B slower or faster than A.</source>
        <translation>&lt;b&gt;Zeit pro Operatortyp&lt;/b&gt; (ms pro Lauf, größter Unterschied zuerst): welche Operatortypen B langsamer oder schneller als A machen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="352"/>
        <source>A: %1 node(s), B: %2 node(s)</source>
        <translation>A: %1 Knoten, B: %2 Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="360"/>
        <source>Only B runs this op type</source>
        <translation>Nur B führt diesen Operatortyp aus</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="360"/>
        <source>Only A runs this op type</source>
        <translation>Nur A führt diesen Operatortyp aus</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="363"/>
        <source>All kernels</source>
        <translation>Alle Kernel</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="451"/>
        <source>Measure or open runs in the Runs panel, then pick two scenarios to compare.</source>
        <translation>Messen Sie Läufe im Bereich „Läufe“ oder öffnen Sie welche, und wählen Sie dann zwei Szenarien zum Vergleich.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="452"/>
        <source>Pick two scenarios with measured runs.</source>
        <translation>Wählen Sie zwei Szenarien mit gemessenen Läufen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="454"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="426"/>
        <source>B is faster</source>
        <translation>B ist schneller</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="427"/>
        <source>B is slower</source>
        <translation>B ist langsamer</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="428"/>
        <source>no clear difference: the interval includes 1</source>
        <translation>kein klarer Unterschied: das Intervall enthält 1</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="429"/>
        <source>&lt;b&gt;Speedup of B over A: %1×&lt;/b&gt; (median A / median B; %2% bootstrap interval %3–%4×, %5 resamples, seed %6): %7.</source>
        <translation>&lt;b&gt;Beschleunigung von B gegenüber A: %1×&lt;/b&gt; (Median A / Median B; %2-%-Bootstrap-Intervall %3–%4×, %5 Bootstrap-Stichproben, Startwert %6): %7.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="423"/>
        <source>No speedup: a median is not positive.</source>
        <translation>Keine Beschleunigung: ein Median ist nicht positiv.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="134"/>
        <source>Kernel time per run of each op type on both sides, from the per-node profiles. Quantized op types share a row with the float op they replace (ConvInteger and QLinearConv with Conv); a fused step counts for the node it is named after. Red: B spends more time there, green: less. Click a column header to sort by it.</source>
        <translation>Kernel-Zeit pro Lauf jedes Operatortyps auf beiden Seiten, aus den Profilen pro Knoten. Quantisierte Operatortypen teilen sich eine Zeile mit dem Gleitkomma-Operator, den sie ersetzen (ConvInteger und QLinearConv mit Conv); ein fusionierter Schritt zählt für den Knoten, nach dem er benannt ist. Rot: B braucht dort mehr Zeit, grün: weniger. Ein Klick auf einen Spaltenkopf sortiert danach.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="507"/>
        <source>Computing the bootstrap interval of the speedup...</source>
        <translation>Bootstrap-Intervall der Beschleunigung wird berechnet...</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="519"/>
        <source>different CPUs (%1 vs %2)</source>
        <translation>verschiedene CPUs (%1 gegenüber %2)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="522"/>
        <source>different Quantscope builds</source>
        <translation>verschiedene Quantscope-Builds</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="525"/>
        <source>different thread settings</source>
        <translation>verschiedene Thread-Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="527"/>
        <source>different modes (%1 vs %2)</source>
        <translation>verschiedene Modi (%1 gegenüber %2)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="529"/>
        <source>different runtimes</source>
        <translation>verschiedene Laufzeitumgebungen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="531"/>
        <source>a side is partial (cancelled)</source>
        <translation>eine Seite ist unvollständig (abgebrochen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="533"/>
        <source>Not like for like: %1.</source>
        <translation>Nicht vergleichbar: %1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="541"/>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="542"/>
        <source>B: %1</source>
        <translation>B: %1</translation>
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
        <translation>Knotenname, Operatortyp oder Tensorname suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="61"/>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="62"/>
        <source>Previous match (Shift+F3)</source>
        <translation>Vorheriger Treffer (Umschalt+F3)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="64"/>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="65"/>
        <source>Next match (F3, Enter)</source>
        <translation>Nächster Treffer (F3, Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="68"/>
        <source>Close the find bar (Esc)</source>
        <translation>Suchleiste schließen (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="69"/>
        <source>Find:</source>
        <translation>Suchen:</translation>
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
        <translation>Öffnen Sie ein ONNX-Modell (Strg+O) oder legen Sie eines hier ab.

Ein FP32- und ein INT8-Modell nebeneinander öffnen Sie mit Datei → Paar öffnen (Strg+Umschalt+O).</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="108"/>
        <source>Which model of the pair the graph shows</source>
        <translation>Welches Modell des Paars der Graph zeigt</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="125"/>
        <source>&amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="125"/>
        <source>Fit the whole graph in the window</source>
        <translation>Den ganzen Graphen ins Fenster einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="126"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="126"/>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="127"/>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="127"/>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="130"/>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="130"/>
        <source>Zoom to 100 %</source>
        <translation>Auf 100 % zoomen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="144"/>
        <source>&amp;Left to Right</source>
        <translation>Von &amp;links nach rechts</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="145"/>
        <source>Lay the graph out left to right instead of top to bottom</source>
        <translation>Den Graphen von links nach rechts statt von oben nach unten anordnen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="146"/>
        <source>Left→Right</source>
        <translation>Links→Rechts</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="147"/>
        <source>&amp;Collapse Q/DQ</source>
        <translation>Q/DQ &amp;zusammenfalten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="148"/>
        <source>Fold QuantizeLinear/DequantizeLinear nodes into the node they feed</source>
        <translation>QuantizeLinear/DequantizeLinear-Knoten in den Knoten falten, den sie speisen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="149"/>
        <source>&amp;Boundaries Only</source>
        <translation>&amp;Nur Grenzen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="150"/>
        <source>Show only quantization boundaries; dim everything else</source>
        <translation>Nur Quantisierungsgrenzen zeigen; alles andere abblenden</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="152"/>
        <source>&amp;Tensor Shapes</source>
        <translation>&amp;Tensorformen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="152"/>
        <source>Show element types and shapes on edges</source>
        <translation>Elementtypen und Formen an den Kanten zeigen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="153"/>
        <source>O&amp;verview</source>
        <translation>&amp;Übersicht</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="153"/>
        <source>Show the overview map</source>
        <translation>Die Übersichtskarte zeigen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="158"/>
        <source>Boundaries</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="160"/>
        <source>Shapes</source>
        <translation>Formen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="173"/>
        <source>Node category</source>
        <translation>Knotenart</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="174"/>
        <source>MACs per node</source>
        <translation>MACs pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="175"/>
        <source>Weight bytes per node</source>
        <translation>Gewichtsbytes pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="177"/>
        <source>Colour nodes by a per-node metric (run profiles and parity reports add more)</source>
        <translation>Knoten nach einer Metrik pro Knoten färben (Laufprofile und Paritätsberichte fügen weitere hinzu)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="180"/>
        <source>&amp;Find...</source>
        <translation>&amp;Suchen...</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="180"/>
        <source>Find a node by name, op type or tensor name</source>
        <translation>Einen Knoten über Name, Operatortyp oder Tensorname suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="186"/>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="186"/>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="187"/>
        <source>Find Pre&amp;vious</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="187"/>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="191"/>
        <source>Export Graph as &amp;PNG...</source>
        <translation>Graph als P&amp;NG exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="192"/>
        <source>Save the whole graph as a PNG image</source>
        <translation>Den ganzen Graphen als PNG-Bild speichern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="193"/>
        <source>Export Graph as &amp;SVG...</source>
        <translation>Graph als &amp;SVG exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="194"/>
        <source>Save the whole graph as a scalable SVG drawing</source>
        <translation>Den ganzen Graphen als skalierbare SVG-Zeichnung speichern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="223"/>
        <source>FP32 · %1</source>
        <translation>FP32 · %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="226"/>
        <source>INT8 · %1</source>
        <translation>INT8 · %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="331"/>
        <source>The analysis reports no per-node MACs for this model yet.</source>
        <translation>Die Analyse liefert für dieses Modell noch keine MACs pro Knoten.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="343"/>
        <source>bytes, log scale</source>
        <translation>Bytes, logarithmische Skala</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="343"/>
        <source>log scale</source>
        <translation>logarithmische Skala</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="382"/>
        <source>No match</source>
        <translation>Kein Treffer</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="385"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>qs::ui::GraphScene</name>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="64"/>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="64"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="75"/>
        <source>crosses between the float and integer domains</source>
        <translation>wechselt zwischen Gleitkomma- und Ganzzahlbereich</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="205"/>
        <source>The graph is too large for an image of %1 x %2 pixels.</source>
        <translation>Der Graph ist zu groß für ein Bild mit %1 × %2 Pixeln.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="218"/>
        <location filename="../ui/graph/graph_scene.cpp" line="236"/>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="232"/>
        <source>Graph exported by Quantscope</source>
        <translation>Graph exportiert von Quantscope</translation>
    </message>
</context>
<context>
    <name>qs::ui::LegendWidget</name>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="70"/>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="85"/>
        <source>float&amp;nbsp;&amp;#8596;&amp;nbsp;integer&amp;nbsp;edge</source>
        <translation>Gleitkomma&amp;nbsp;&amp;#8596;&amp;nbsp;Ganzzahl-Kante</translation>
    </message>
</context>
<context>
    <name>qs::ui::LoadWorker</name>
    <message>
        <location filename="../ui/workers/load_worker.cpp" line="51"/>
        <location filename="../ui/workers/load_worker.cpp" line="57"/>
        <location filename="../ui/workers/loaded_model.cpp" line="49"/>
        <source>Laying out the graph</source>
        <translation>Graph wird angeordnet</translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="31"/>
        <source>Reading and checking the model</source>
        <translation>Modell wird gelesen und geprüft</translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="41"/>
        <source>Analysing quantization</source>
        <translation>Quantisierung wird analysiert</translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="54"/>
        <source>Done</source>
        <translation>Fertig</translation>
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
        <translation>Ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="170"/>
        <source>Open an ONNX model</source>
        <translation>Ein ONNX-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="171"/>
        <source>Open &amp;Pair (FP32 + INT8)...</source>
        <translation>&amp;Paar öffnen (FP32 + INT8)...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="173"/>
        <source>Open a float model and its quantized version side by side</source>
        <translation>Ein Gleitkomma-Modell und seine quantisierte Fassung nebeneinander öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="174"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="189"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="201"/>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="203"/>
        <source>&amp;Benchmark</source>
        <translation>Bench&amp;mark</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="207"/>
        <source>Choose Run &amp;Folder...</source>
        <translation>Lauf&amp;ordner wählen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="208"/>
        <source>Show &amp;Graph</source>
        <translation>&amp;Graph zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="210"/>
        <source>Show R&amp;esults</source>
        <translation>&amp;Ergebnisse zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="222"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="186"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="71"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="72"/>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="73"/>
        <source>The model&apos;s graph (Alt+G)</source>
        <translation>Der Graph des Modells (Alt+G)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="74"/>
        <source>Charts, statistics and findings of the selected run (Alt+E)</source>
        <translation>Diagramme, Statistiken und Befunde des gewählten Laufs (Alt+E)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="83"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="84"/>
        <source>Stop loading; the model shown now stays open</source>
        <translation>Laden abbrechen; das jetzt gezeigte Modell bleibt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="102"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="130"/>
        <source>Open an ONNX model with Ctrl+O or drop one on the window.</source>
        <translation>Öffnen Sie ein ONNX-Modell mit Strg+O oder legen Sie eines im Fenster ab.</translation>
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
        <location filename="../ui/main_window.cpp" line="212"/>
        <source>Show &amp;Compare</source>
        <translation>&amp;Vergleich zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="223"/>
        <source>&amp;About Quantscope</source>
        <translation>Ü&amp;ber Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="224"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="234"/>
        <source>Working...</source>
        <translation>In Arbeit...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="241"/>
        <location filename="../ui/main_window.cpp" line="248"/>
        <source>Opening %1...</source>
        <translation>%1 wird geöffnet...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="247"/>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="256"/>
        <source>Open ONNX Model</source>
        <translation>ONNX-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="267"/>
        <source>Open Pair: the FP32 Model</source>
        <translation>Paar öffnen: das FP32-Modell</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="271"/>
        <source>Open Pair: the Quantized (INT8) Model</source>
        <translation>Paar öffnen: das quantisierte (INT8-)Modell</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="284"/>
        <source>Export Graph as SVG</source>
        <translation>Graph als SVG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="284"/>
        <source>Export Graph as PNG</source>
        <translation>Graph als PNG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="286"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Zeichnungen (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="286"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="291"/>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="293"/>
        <source>Exported the graph to %1.</source>
        <translation>Graph nach %1 exportiert.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="312"/>
        <source>%1 nodes · %2 boundaries · layout %3 ms</source>
        <translation>%1 Knoten · %2 Grenzen · Layout %3 ms</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="317"/>
        <source>Graph laid out again.</source>
        <translation>Graph neu angeordnet.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="317"/>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="324"/>
        <source>Could not open %1.</source>
        <translation>%1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="328"/>
        <source>Could Not Open Model</source>
        <translation>Modell konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="329"/>
        <source>Quantscope could not open %1.</source>
        <translation>Quantscope konnte %1 nicht öffnen.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="362"/>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="377"/>
        <source>%1 vs %2</source>
        <translation>%1 gegenüber %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="380"/>
        <source>Quantscope</source>
        <translation>Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="380"/>
        <source>%1 — Quantscope</source>
        <translation>%1 — Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="451"/>
        <source>The graph shows another model: open %1 to see this profile on its graph.</source>
        <translation>Der Graph zeigt ein anderes Modell: öffnen Sie %1, um dieses Profil auf seinem Graphen zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="457"/>
        <source>Graph coloured by the mean time per node of %1.</source>
        <translation>Graph nach der mittleren Zeit pro Knoten von %1 gefärbt.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="462"/>
        <source>About Quantscope</source>
        <translation>Über Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="463"/>
        <source>&lt;h3&gt;Quantscope %1&lt;/h3&gt;&lt;p&gt;Is INT8 faster than FP32 for this ONNX model on this machine, and if not, why?&lt;/p&gt;&lt;p&gt;Git revision %2. Built with Qt %3; graph layout by Graphviz; ONNX schemas from libonnx.&lt;/p&gt;&lt;p&gt;Licensed under the MIT license.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Quantscope %1&lt;/h3&gt;&lt;p&gt;Ist INT8 für dieses ONNX-Modell auf dieser Maschine schneller als FP32, und wenn nicht, warum?&lt;/p&gt;&lt;p&gt;Git-Revision %2. Gebaut mit Qt %3; Graph-Layout von Graphviz; ONNX-Schemas aus libonnx.&lt;/p&gt;&lt;p&gt;Lizenziert unter der MIT-Lizenz.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>qs::ui::MinimapView</name>
    <message>
        <location filename="../ui/graph/minimap_view.cpp" line="22"/>
        <source>Overview: click or drag to move the view</source>
        <translation>Übersicht: klicken oder ziehen, um die Ansicht zu verschieben</translation>
    </message>
</context>
<context>
    <name>qs::ui::NodeItem</name>
    <message numerus="yes">
        <location filename="../ui/graph/node_item.cpp" line="31"/>
        <source>%n Q/DQ node(s) collapsed into this one</source>
        <translation>
            <numerusform>%n Q/DQ-Knoten in diesen zusammengefaltet</numerusform>
            <numerusform>%n Q/DQ-Knoten in diesen zusammengefaltet</numerusform>
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
        <translation>QuantizeLinear</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="46"/>
        <source>DequantizeLinear</source>
        <translation>DequantizeLinear</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="49"/>
        <source>DynamicQuantizeLinear</source>
        <translation>DynamicQuantizeLinear</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="52"/>
        <source>QLinear* / QGemm</source>
        <translation>QLinear* / QGemm</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="55"/>
        <source>*Integer compute</source>
        <translation>*Integer-Rechnung</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="58"/>
        <source>Control flow</source>
        <translation>Kontrollfluss</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="69"/>
        <source>Float</source>
        <translation>Gleitkomma</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="72"/>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="75"/>
        <source>Quantize</source>
        <translation>Quantisieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="78"/>
        <source>Dequantize</source>
        <translation>Dequantisieren</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="81"/>
        <source>DynQuant</source>
        <translation>DynQuant</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="84"/>
        <source>QLinear</source>
        <translation>QLinear</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="87"/>
        <source>Integer</source>
        <translation>Integer</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_style.cpp" line="90"/>
        <source>Control</source>
        <translation>Kontrolle</translation>
    </message>
</context>
<context>
    <name>qs::ui::OpCountModel</name>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="114"/>
        <source>%1 is a quantization boundary (%2)</source>
        <translation>%1 ist eine Quantisierungsgrenze (%2)</translation>
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
        <translation>FP32</translation>
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
        <translation>Doppelklick auf einen Operator sucht ihn im Graphen</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="75"/>
        <source>%1 → %2 nodes (%3%4, ×%5)</source>
        <translation>%1 → %2 Knoten (%3%4, ×%5)</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="82"/>
        <source>%1 nodes, %2 operator types</source>
        <translation>%1 Knoten, %2 Operatortypen</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="108"/>
        <source>Open a model to see its operators</source>
        <translation>Öffnen Sie ein Modell, um seine Operatoren zu sehen</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="115"/>
        <source>Most frequent operators: FP32 vs quantized</source>
        <translation>Häufigste Operatoren: FP32 gegenüber quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="115"/>
        <source>Most frequent operators</source>
        <translation>Häufigste Operatoren</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="117"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="117"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
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
        <translation>, ... (%1 Werte)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="89"/>
        <source>Click a node in the graph to see its operator documentation, attributes, tensors, quantization parameters and weight statistics.</source>
        <translation>Klicken Sie auf einen Knoten im Graphen, um Dokumentation, Attribute, Tensoren, Quantisierungsparameter und Gewichtsstatistik seines Operators zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="112"/>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="113"/>
        <source>Opset</source>
        <translation>Opset</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="115"/>
        <source>Definition</source>
        <translation>Definition</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="115"/>
        <source>since opset %1</source>
        <translation>seit Opset %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="121"/>
        <source>Documentation (Quantscope&apos;s summary; libonnx has no schema)</source>
        <translation>Dokumentation (Zusammenfassung von Quantscope; libonnx hat kein Schema)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="122"/>
        <source>Documentation (ONNX schema)</source>
        <translation>Dokumentation (ONNX-Schema)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="126"/>
        <source>Documentation</source>
        <translation>Dokumentation</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="126"/>
        <source>No schema is known for this operator.</source>
        <translation>Für diesen Operator ist kein Schema bekannt.</translation>
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
        <translation>(ausgelassen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="168"/>
        <source>constant</source>
        <translation>Konstante</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="186"/>
        <source>Input %1</source>
        <translation>Eingabe %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="187"/>
        <source>min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="188"/>
        <source>max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="188"/>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="188"/>
        <source>std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="189"/>
        <source>sparsity</source>
        <translation>Dünnbesetztheit</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="190"/>
        <source>elements</source>
        <translation>Elemente</translation>
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
        <translation>Keine Konstanten in der Datei: andere Knoten berechnen sie zur Laufzeit.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="204"/>
        <source>Weight statistics</source>
        <translation>Gewichtsstatistik</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="206"/>
        <source>Node documentation</source>
        <translation>Knotendokumentation</translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportExporter</name>
    <message>
        <location filename="../ui/report/report_exporter.cpp" line="117"/>
        <source>%1: the PDF could not be written</source>
        <translation>%1: das PDF konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportPanel</name>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="28"/>
        <source>Export Report as &amp;Markdown...</source>
        <translation>Bericht als &amp;Markdown exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="31"/>
        <source>Write the engine&apos;s Markdown report of the selected run (Ctrl+Shift+M)</source>
        <translation>Den Markdown-Bericht der Engine zum gewählten Lauf schreiben (Strg+Umschalt+M)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="33"/>
        <source>Export Report as &amp;PDF...</source>
        <translation>Bericht als &amp;PDF exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="36"/>
        <source>Write the report with its charts as a PDF (Ctrl+Shift+P)</source>
        <translation>Den Bericht mit seinen Diagrammen als PDF schreiben (Strg+Umschalt+P)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="39"/>
        <source>Copy Report as Mar&amp;kdown</source>
        <translation>Bericht als Markdown &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="42"/>
        <source>Put the Markdown report of the selected run on the clipboard (Ctrl+Shift+C)</source>
        <translation>Den Markdown-Bericht des gewählten Laufs in die Zwischenablage kopieren (Strg+Umschalt+C)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="47"/>
        <source>Copied the report to the clipboard.</source>
        <translation>Bericht in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="69"/>
        <source>The Markdown report exactly as &apos;quantscope-cli report&apos; writes it</source>
        <translation>Der Markdown-Bericht genau so, wie ihn „quantscope-cli report“ schreibt</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="76"/>
        <source>Exported %1.</source>
        <translation>%1 exportiert.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="77"/>
        <source>Exported the report to %1.</source>
        <translation>Bericht nach %1 exportiert.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="80"/>
        <source>Export failed.</source>
        <translation>Export fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="81"/>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="81"/>
        <source>Could not write %1:
%2</source>
        <translation>%1 konnte nicht geschrieben werden:
%2</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="94"/>
        <source>&lt;p style=&apos;color:#868e96&apos;&gt;Select a run in the Runs panel to see its report.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#868e96&apos;&gt;Wählen Sie im Bereich „Läufe“ einen Lauf, um seinen Bericht zu sehen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="123"/>
        <source>Export Report as Markdown</source>
        <translation>Bericht als Markdown exportieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="123"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="126"/>
        <location filename="../ui/panels/report_panel.cpp" line="138"/>
        <source>Writing %1...</source>
        <translation>%1 wird geschrieben...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="135"/>
        <source>Export Report as PDF</source>
        <translation>Bericht als PDF exportieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="135"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF-Dokumente (*.pdf)</translation>
    </message>
</context>
<context>
    <name>qs::ui::ResultsPanel</name>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="61"/>
        <source>&lt;p style=&apos;font-size:large; color:#495057&apos;&gt;&lt;b&gt;No run selected&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:#868e96&apos;&gt;Measure FP32 against INT8 in the Runs panel (Ctrl+R), or open a run file (Ctrl+Shift+R) or drop one on the window.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:large; color:#495057&apos;&gt;&lt;b&gt;Kein Lauf gewählt&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:#868e96&apos;&gt;Messen Sie FP32 gegen INT8 im Bereich „Läufe“ (Strg+R), oder öffnen Sie eine Laufdatei (Strg+Umschalt+R) bzw. legen Sie eine im Fenster ab.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="74"/>
        <source>Which setting (threads · mode) the charts show</source>
        <translation>Welche Einstellung (Threads · Modus) die Diagramme zeigen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="76"/>
        <source>Colour &amp;Graph by Time</source>
        <translation>&amp;Graph nach Zeit einfärben</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="78"/>
        <source>Colour the graph&apos;s nodes by the mean time per node this run measured</source>
        <translation>Die Knoten des Graphen nach der mittleren Zeit pro Knoten färben, die dieser Lauf gemessen hat</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="82"/>
        <source>Setting:</source>
        <translation>Einstellung:</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="108"/>
        <source>Statistics of the measured runs as stored in the run file; percentiles interpolate linearly between closest ranks (numpy&apos;s default), IQR = P75 − P25</source>
        <translation>Statistik der gemessenen Läufe, wie in der Laufdatei gespeichert; Perzentile interpolieren linear zwischen den nächsten Rängen (Standard von numpy), IQR = P75 − P25</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="156"/>
        <source>&lt;b&gt;Unsaved run&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ungespeicherter Lauf&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="156"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
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
        <translation>kein Szenario dieser Einstellung hat Messwerte</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="197"/>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="205"/>
        <location filename="../ui/panels/results_panel.cpp" line="317"/>
        <source>Time per op type</source>
        <translation>Zeit pro Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="205"/>
        <source>not profiled: run with “Per-node profile” on</source>
        <translation>nicht profiliert: mit „Profil pro Knoten“ messen</translation>
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
        <translation>ms pro Lauf</translation>
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
        <translation>Knoten</translation>
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
        <translation>P95 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>IQR ms</source>
        <translation>IQR ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="223"/>
        <source>Mean ms</source>
        <translation>Mittelwert ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>Std dev ms</source>
        <translation>Std.-Abw. ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>CV</source>
        <translation>VK</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>Min ms</source>
        <translation>Min. ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>Max ms</source>
        <translation>Max. ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>P99 ms</source>
        <translation>P99 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>FPS</source>
        <translation>FPS</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="224"/>
        <source>First run ms</source>
        <translation>Erster Lauf ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="225"/>
        <source>Preparation ms</source>
        <translation>Vorbereitung ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="225"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="279"/>
        <source>Mean time per node of %1</source>
        <translation>Mittlere Zeit pro Knoten von %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="313"/>
        <source>Latency box plot</source>
        <translation>Latenz-Boxplot</translation>
    </message>
</context>
<context>
    <name>qs::ui::RunListModel</name>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="74"/>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="75"/>
        <source> vs </source>
        <translation> gegenüber </translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="79"/>
        <source> (partial)</source>
        <translation> (unvollständig)</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="97"/>
        <source>Not saved</source>
        <translation>Nicht gespeichert</translation>
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
        <translation>AVX2 %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="45"/>
        <source>AVX-512 VNNI %1</source>
        <translation>AVX-512 VNNI %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="46"/>
        <source>AVX-VNNI %1</source>
        <translation>AVX-VNNI %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="47"/>
        <source>AMX-INT8 %1</source>
        <translation>AMX-INT8 %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="49"/>
        <source>NEON %1</source>
        <translation>NEON %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="50"/>
        <source>dotprod %1</source>
        <translation>dotprod %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="51"/>
        <source>i8mm %1</source>
        <translation>i8mm %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="54"/>
        <source>measured for %1 s per scenario</source>
        <translation>%1 s pro Szenario gemessen</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="55"/>
        <source>measured runs per scenario: %1</source>
        <translation>gemessene Läufe pro Szenario: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="56"/>
        <source>&lt;b&gt;How it was measured.&lt;/b&gt; %1 on &lt;b&gt;%2&lt;/b&gt; (%3 cores, %4 logical processors; %5; oneDNN %6 dispatching to %7), %8, %9.</source>
        <translation>&lt;b&gt;Wie gemessen wurde.&lt;/b&gt; %1 auf &lt;b&gt;%2&lt;/b&gt; (%3 Kerne, %4 logische Prozessoren; %5; oneDNN %6 verwendet %7), %8, %9.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="66"/>
        <source>Threads: %1; mode: %2; warm-up runs: %3 (the first run after preparation is timed separately); %4. Each latency is one whole inference timed with a steady clock on generated inputs (seeded uniform [0, 1)).</source>
        <translation>Threads: %1; Modus: %2; Aufwärmläufe: %3 (der erste Lauf nach der Vorbereitung wird getrennt gemessen); %4. Jede Latenz ist eine ganze Inferenz, gemessen mit einer monotonen Uhr auf erzeugten Eingaben (gleichverteilt in [0, 1), fester Startwert).</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="75"/>
        <source>Per-node profiling was on: its hooks run between kernels and add a little to each run&apos;s time.</source>
        <translation>Die Profilierung pro Knoten war eingeschaltet: ihre Hooks laufen zwischen den Kerneln und verlängern jeden Lauf ein wenig.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="82"/>
        <source>Input shapes: %1.</source>
        <translation>Eingabeformen: %1.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="87"/>
        <source>The run was cancelled; the results are partial.</source>
        <translation>Der Lauf wurde abgebrochen; die Ergebnisse sind unvollständig.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="96"/>
        <source>No findings.</source>
        <translation>Keine Befunde.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="103"/>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="104"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../ui/util/run_text.cpp" line="105"/>
        <source>info</source>
        <translation>Info</translation>
    </message>
</context>
<context>
    <name>qs::ui::RunsPanel</name>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="60"/>
        <source>Measure</source>
        <translation>Messen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="67"/>
        <source>Measure the open model (the FP32 model of a pair)</source>
        <translation>Das geöffnete Modell messen (bei einem Paar das FP32-Modell)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="68"/>
        <source>Measure the quantized model of the pair (open a pair with Ctrl+Shift+O)</source>
        <translation>Das quantisierte Modell des Paars messen (ein Paar öffnen Sie mit Strg+Umschalt+O)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="70"/>
        <source>Optimized</source>
        <translation>Optimiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="70"/>
        <source>As written</source>
        <translation>Wie geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="70"/>
        <source>Both</source>
        <translation>Beide</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="71"/>
        <source>Optimized: the engine&apos;s fused kernels. As written: one kernel per node of the file, the way a naive runtime executes it.</source>
        <translation>Optimiert: die fusionierten Kernel der Engine. Wie geschrieben: ein Kernel pro Knoten der Datei, so wie eine naive Laufzeitumgebung sie ausführt.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="75"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="76"/>
        <source>Intra-op threads for oneDNN and the engine&apos;s kernels. 1 is the controlled setting; “all cores” is the practical one.</source>
        <translation>Intra-Op-Threads für oneDNN und die Kernel der Engine. 1 ist die kontrollierte Einstellung, „alle Kerne“ die praktische.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="81"/>
        <source>Runs before measuring (caches, lazy initialisation); the first is timed separately</source>
        <translation>Läufe vor der Messung (Caches, verzögerte Initialisierung); der erste wird getrennt gemessen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="84"/>
        <source>Measured runs per model; the statistics and histograms are of these</source>
        <translation>Gemessene Läufe pro Modell; Statistik und Histogramme beziehen sich auf diese</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="85"/>
        <source>Per-node profile</source>
        <translation>Profil pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="86"/>
        <source>Record time per node and per op type (for the op-type chart and the graph colouring); its hooks add a little time between kernels</source>
        <translation>Zeit pro Knoten und pro Operatortyp aufzeichnen (für das Operatortyp-Diagramm und die Graphfärbung); die Hooks kosten zwischen den Kerneln etwas Zeit</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="89"/>
        <source>e.g. images=1x3x640x640</source>
        <translation>z. B. images=1x3x640x640</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="90"/>
        <source>Bind free input dimensions: NAME=DIMS, several separated by spaces</source>
        <translation>Freie Eingabedimensionen festlegen: NAME=DIMS, mehrere durch Leerzeichen getrennt</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="93"/>
        <source>Warm-up:</source>
        <translation>Aufwärmen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="95"/>
        <source>Runs:</source>
        <translation>Läufe:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="98"/>
        <source>Models:</source>
        <translation>Modelle:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="100"/>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="101"/>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="102"/>
        <source>Input shapes:</source>
        <translation>Eingabeformen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="105"/>
        <source>&amp;Run Benchmark</source>
        <translation>Benchmark &amp;starten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="108"/>
        <source>Measure the chosen models on a background thread (Ctrl+R)</source>
        <translation>Die gewählten Modelle in einem Hintergrund-Thread messen (Strg+R)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="110"/>
        <source>&amp;Cancel Benchmark</source>
        <translation>Benchmark &amp;abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="113"/>
        <source>Stop after the current kernel; what was measured is kept, marked partial (Ctrl+.)</source>
        <translation>Nach dem aktuellen Kernel anhalten; das Gemessene bleibt erhalten und wird als unvollständig markiert (Strg+.)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="115"/>
        <source>Open Run &amp;File...</source>
        <translation>Lauf&amp;datei öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="118"/>
        <source>Open a run file written by Quantscope or &apos;quantscope-cli bench --json&apos;</source>
        <translation>Eine Laufdatei öffnen, die Quantscope oder „quantscope-cli bench --json“ geschrieben hat</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="121"/>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="125"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="150"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="154"/>
        <source>Runs measured here or opened from run files; select one to chart it</source>
        <translation>Hier gemessene oder aus Laufdateien geöffnete Läufe; einen auswählen, um ihn darzustellen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="160"/>
        <source>&amp;Remove from List</source>
        <translation>Aus der Liste &amp;entfernen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="164"/>
        <source>Remove the selected run from this list (Del); its run file stays on disk</source>
        <translation>Den gewählten Lauf aus dieser Liste entfernen (Entf); seine Laufdatei bleibt erhalten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="171"/>
        <source>Open...</source>
        <translation>Öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="174"/>
        <source>Folder...</source>
        <translation>Ordner...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="175"/>
        <source>Choose the folder new runs are saved to and listed from</source>
        <translation>Den Ordner wählen, in dem neue Läufe gespeichert und aus dem sie aufgelistet werden</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="205"/>
        <source>Cancelled: the partial results are kept%1.</source>
        <translation>Abgebrochen: die unvollständigen Ergebnisse bleiben erhalten%1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="206"/>
        <source> in %1</source>
        <translation>, gespeichert in %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="207"/>
        <source>Done%1.</source>
        <translation>Fertig%1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="207"/>
        <source>: saved %1</source>
        <translation>: gespeichert in %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="209"/>
        <source>Could Not Save Run</source>
        <translation>Lauf konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="209"/>
        <source>The run finished but could not be saved.</source>
        <translation>Der Lauf ist beendet, konnte aber nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="214"/>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="215"/>
        <source>Benchmark Failed</source>
        <translation>Benchmark fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="215"/>
        <source>The benchmark could not run.</source>
        <translation>Der Benchmark konnte nicht laufen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="219"/>
        <source>Cancelled before anything was measured.</source>
        <translation>Abgebrochen, bevor etwas gemessen wurde.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="229"/>
        <source>Skipped %1 in the run folder: %2</source>
        <translation>%1 im Laufordner übersprungen: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="237"/>
        <source>Could Not Open Run File</source>
        <translation>Laufdatei konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="237"/>
        <source>Quantscope could not read the run file %1.</source>
        <translation>Quantscope konnte die Laufdatei %1 nicht lesen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="267"/>
        <source>(open a model)</source>
        <translation>(ein Modell öffnen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="267"/>
        <source>(open a pair for FP32 vs INT8)</source>
        <translation>(ein Paar für FP32 gegen INT8 öffnen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="273"/>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="273"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="303"/>
        <source>Choose at least one model to measure.</source>
        <translation>Wählen Sie mindestens ein Modell zum Messen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="325"/>
        <source>Input shape &apos;%1&apos;: %2</source>
        <translation>Eingabeform „%1“: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="348"/>
        <source>Starting...</source>
        <translation>Start...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="356"/>
        <source>Cancelling after the current kernel...</source>
        <translation>Abbruch nach dem aktuellen Kernel...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="385"/>
        <source>Folder: %1</source>
        <translation>Ordner: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="398"/>
        <source>Folder for Run Files</source>
        <translation>Ordner für Laufdateien</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="411"/>
        <source>Open Run Files</source>
        <translation>Laufdateien öffnen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="411"/>
        <source>Run files (*.json);;All files (*)</source>
        <translation>Laufdateien (*.json);;Alle Dateien (*)</translation>
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
        <translation>Kein Modell geöffnet. Benutzen Sie Datei → Öffnen (Strg+O), legen Sie hier eine .onnx-Datei ab oder öffnen Sie ein FP32- und ein INT8-Modell nebeneinander mit Datei → Paar öffnen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="105"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="105"/>
        <source>Quantized</source>
        <translation>Quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="112"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="116"/>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="117"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="118"/>
        <source>%1 (%2 quantization boundaries)</source>
        <translation>%1 (%2 Quantisierungsgrenzen)</translation>
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
        <translation>Dateigröße</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="125"/>
        <source> + %1 external data</source>
        <translation> + %1 externe Daten</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="128"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="130"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="132"/>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="137"/>
        <source>≥ %1 (%2 nodes with unknown shapes)</source>
        <translation>≥ %1 (%2 Knoten mit unbekannter Form)</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="138"/>
        <source>not computed by this build&apos;s analysis</source>
        <translation>von der Analyse dieses Builds nicht berechnet</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="140"/>
        <source>Opsets</source>
        <translation>Opsets</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="148"/>
        <source>IR version</source>
        <translation>IR-Version</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="149"/>
        <source>Producer</source>
        <translation>Erzeuger</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="152"/>
        <source>Shape inference</source>
        <translation>Forminferenz</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="155"/>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="157"/>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="158"/>
        <source>%1 of %2 tensors with known shape</source>
        <translation>%1 von %2 Tensoren mit bekannter Form</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="160"/>
        <source>Load time</source>
        <translation>Ladezeit</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="161"/>
        <source>%1 ms load, %2 ms analysis, %3 ms layout</source>
        <translation>%1 ms Laden, %2 ms Analyse, %3 ms Layout</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="170"/>
        <source>Node kinds of %1 come from op types: this build&apos;s engine analysis does not report per-node categories yet.</source>
        <translation>Knotenarten von %1 stammen aus den Operatortypen: die Engine-Analyse dieses Builds liefert noch keine Kategorien pro Knoten.</translation>
    </message>
</context>
</TS>
