<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="71"/>
        <source>Is INT8 faster than FP32 for this ONNX model here, and if not, why?</source>
        <translation>Ist INT8 für dieses ONNX-Modell hier schneller als FP32, und wenn nicht, warum?</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="75"/>
        <source>ONNX model to open; give two (FP32 and INT8) to open them as a pair.</source>
        <translation>Zu öffnendes ONNX-Modell; zwei Modelle (FP32 und INT8) werden als Paar geöffnet.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="79"/>
        <source>Save a screenshot of the window after loading, then quit.</source>
        <translation>Nach dem Laden ein Bildschirmfoto des Fensters speichern und beenden.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="82"/>
        <source>Find (and select) a node after loading.</source>
        <translation>Nach dem Laden einen Knoten suchen (und auswählen).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="84"/>
        <source>Bring a panel to the front (its object name, e.g. OperatorsDock).</source>
        <translation>Einen Bereich in den Vordergrund holen (sein Objektname, z. B. OperatorsDock).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="88"/>
        <source>Trigger actions by object name before loading (leftToRight, collapseQdq, boundariesOnly, tensorShapes), comma-separated.</source>
        <translation>Aktionen vor dem Laden über ihren Objektnamen auslösen (leftToRight, collapseQdq, boundariesOnly, tensorShapes), durch Kommas getrennt.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="94"/>
        <source>Select the graph colouring by index (0 category, 1 MACs, 2 weight bytes).</source>
        <translation>Graphfärbung über ihren Index wählen (0 Knotenart, 1 MACs, 2 Gewichtsbytes).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="98"/>
        <source>Open a run file (repeatable).</source>
        <translation>Eine Laufdatei öffnen (wiederholbar).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="100"/>
        <source>Show a central tab by index (0 graph, 1 results).</source>
        <translation>Einen zentralen Reiter über seinen Index zeigen (0 Graph, 1 Ergebnisse).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="103"/>
        <source>Start a benchmark of the opened model(s) with the remembered settings.</source>
        <translation>Einen Benchmark der geöffneten Modelle mit den gespeicherten Einstellungen starten.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="106"/>
        <source>Milliseconds to wait before the screenshot.</source>
        <translation>Millisekunden bis zum Bildschirmfoto.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="109"/>
        <source>After a --bench run, colour the graph by the last scenario&apos;s profile.</source>
        <translation>Nach einem Lauf mit --bench den Graphen nach dem Profil des letzten Szenarios einfärben.</translation>
    </message>
</context>
<context>
    <name>qs::ui::BenchmarkWorker</name>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="31"/>
        <source>preparing</source>
        <translation>Vorbereitung</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="33"/>
        <source>warming up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="35"/>
        <source>measuring</source>
        <translation>Messung</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="78"/>
        <source>[%1/%2] %3: %4</source>
        <translation>[%1/%2] %3: %4</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="95"/>
        <source>starting</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../ui/workers/benchmark_worker.cpp" line="140"/>
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
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="22"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="94"/>
        <source>latency per inference (ms, logarithmic)</source>
        <translation>Latenz pro Inferenz (ms, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="95"/>
        <source>latency per inference (ms)</source>
        <translation>Latenz pro Inferenz (ms)</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="122"/>
        <source>%1: %2 outliers (&gt; 1.5 IQR)</source>
        <translation>%1: %2 Ausreißer (&gt; 1,5 IQR)</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="147"/>
        <source>Latency distribution&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;all runs drawn; %1 beyond 1.5 IQR marked ▲ (max %2 ms)&lt;/span&gt;</source>
        <translation>Latenzverteilung&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;alle Läufe gezeigt; %1 über 1,5 IQR mit ▲ markiert (max. %2 ms)&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/charts/latency_histogram_chart.cpp" line="24"/>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../ui/charts/chart_common.cpp" line="35"/>
        <source> (partial)</source>
        <translation> (unvollständig)</translation>
    </message>
    <message>
        <source>Latency distribution&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;runs beyond 1.5 IQR not drawn: %1 (max %2 ms)&lt;/span&gt;</source>
        <translation type="vanished">Latenzverteilung&lt;br&gt;&lt;span style=&apos;font-weight:normal; font-size:small&apos;&gt;Läufe über 1,5 IQR nicht gezeigt: %1 (max. %2 ms)&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>qs::ui::ComparePanel</name>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="45"/>
        <source>A (baseline):</source>
        <translation>A (Basis):</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="45"/>
        <source>B (candidate):</source>
        <translation>B (Kandidat):</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="52"/>
        <source>A run from the Runs panel</source>
        <translation>Ein Lauf aus dem Bereich „Läufe“</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="55"/>
        <source>Which model, threads and mode of that run</source>
        <translation>Welches Modell, welche Threads und welcher Modus dieses Laufs</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="72"/>
        <source>&amp;Swap A and B</source>
        <translation>A und B &amp;tauschen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="75"/>
        <source>Exchange baseline and candidate (Ctrl+Shift+X)</source>
        <translation>Basis und Kandidat vertauschen (Strg+Umschalt+X)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="100"/>
        <source>B / A below 1: B takes less time (or memory) than A</source>
        <translation>B / A unter 1: B braucht weniger Zeit (oder Speicher) als A</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="141"/>
        <source>&amp;Copy as Text</source>
        <translation>Als Text &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="334"/>
        <source>&lt;b&gt;Time per op type&lt;/b&gt;: needs a per-node profile on both sides (tick “Per-node profile” in the Runs panel before measuring).</source>
        <translation>&lt;b&gt;Zeit pro Operatortyp&lt;/b&gt;: braucht auf beiden Seiten ein Profil pro Knoten (vor dem Messen „Profil pro Knoten“ im Bereich „Läufe“ ankreuzen).</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="340"/>
        <source>&lt;b&gt;Time per op type&lt;/b&gt; (ms per run, largest difference first): which op types make B slower or faster than A.</source>
        <translation>&lt;b&gt;Zeit pro Operatortyp&lt;/b&gt; (ms pro Lauf, größter Unterschied zuerst): welche Operatortypen B langsamer oder schneller als A machen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="385"/>
        <source>Measure or open runs in the Runs panel, then pick two scenarios to compare.</source>
        <translation>Messen Sie Läufe im Bereich „Läufe“ oder öffnen Sie welche, und wählen Sie dann zwei Szenarien zum Vergleich.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="386"/>
        <source>Pick two scenarios with measured runs.</source>
        <translation>Wählen Sie zwei Szenarien mit gemessenen Läufen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="388"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="361"/>
        <source>B is faster</source>
        <translation>B ist schneller</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="362"/>
        <source>B is slower</source>
        <translation>B ist langsamer</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="363"/>
        <source>no clear difference: the interval includes 1</source>
        <translation>kein klarer Unterschied: das Intervall enthält 1</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="364"/>
        <source>&lt;b&gt;Speedup of B over A: %1×&lt;/b&gt; (median A / median B; %2% bootstrap interval %3–%4×, %5 resamples, seed %6): %7.</source>
        <translation>&lt;b&gt;Beschleunigung von B gegenüber A: %1×&lt;/b&gt; (Median A / Median B; %2-%-Bootstrap-Intervall %3–%4×, %5 Bootstrap-Stichproben, Startwert %6): %7.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="358"/>
        <source>No speedup: a median is not positive.</source>
        <translation>Keine Beschleunigung: ein Median ist nicht positiv.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="133"/>
        <source>Kernel time per run of each op type on both sides, from the per-node profiles. Quantized op types share a row with the float op they replace (ConvInteger and QLinearConv with Conv); a fused step counts for the node it is named after. Red: B spends more time there, green: less. Click a column header to sort by it.</source>
        <translation>Kernel-Zeit pro Lauf jedes Operatortyps auf beiden Seiten, aus den Profilen pro Knoten. Quantisierte Operatortypen teilen sich eine Zeile mit dem Gleitkomma-Operator, den sie ersetzen (ConvInteger und QLinearConv mit Conv); ein fusionierter Schritt zählt für den Knoten, nach dem er benannt ist. Rot: B braucht dort mehr Zeit, grün: weniger. Ein Klick auf einen Spaltenkopf sortiert danach.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="399"/>
        <source>Computing the bootstrap interval of the speedup...</source>
        <translation>Bootstrap-Intervall der Beschleunigung wird berechnet...</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="411"/>
        <source>different CPUs (%1 vs %2)</source>
        <translation>verschiedene CPUs (%1 gegenüber %2)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="414"/>
        <source>different Quantscope builds</source>
        <translation>verschiedene Quantscope-Builds</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="417"/>
        <source>different thread settings</source>
        <translation>verschiedene Thread-Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="419"/>
        <source>different modes (%1 vs %2)</source>
        <translation>verschiedene Modi (%1 gegenüber %2)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="421"/>
        <source>different runtimes</source>
        <translation>verschiedene Laufzeitumgebungen</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="423"/>
        <source>a side is partial (cancelled)</source>
        <translation>eine Seite ist unvollständig (abgebrochen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="425"/>
        <source>Not like for like: %1.</source>
        <translation>Nicht vergleichbar: %1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="433"/>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/compare_panel.cpp" line="434"/>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::CompareStatsModel</name>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="106"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="108"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="110"/>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="119"/>
        <source>Timed inferences after warm-up; the statistics are of these</source>
        <translation>Gemessene Inferenzen nach dem Aufwärmen; die Statistik bezieht sich auf diese</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="121"/>
        <source>Middle latency: half the runs were faster. The speedup compares medians</source>
        <translation>Mittlere Latenz: die Hälfte der Läufe war schneller. Die Beschleunigung vergleicht Mediane</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="123"/>
        <source>95th percentile: 1 run in 20 was slower (tail latency)</source>
        <translation>95. Perzentil: 1 von 20 Läufen war langsamer (Tail-Latenz)</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="125"/>
        <source>Interquartile range P75 − P25: the spread of the middle half of the runs</source>
        <translation>Interquartilsabstand P75 − P25: die Streuung der mittleren Hälfte der Läufe</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="127"/>
        <source>Arithmetic mean latency; pulled up by slow outliers, unlike the median</source>
        <translation>Arithmetisches Mittel der Latenz; anders als der Median von langsamen Ausreißern nach oben gezogen</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="129"/>
        <source>Coefficient of variation = standard deviation / mean; above 10% the measurement is noisy</source>
        <translation>Variationskoeffizient = Standardabweichung / Mittelwert; über 10% ist die Messung verrauscht</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="131"/>
        <source>Fastest run</source>
        <translation>Schnellster Lauf</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="133"/>
        <source>Slowest run</source>
        <translation>Langsamster Lauf</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="135"/>
        <source>The first inference after preparation (cold caches, lazy initialisation), not part of the statistics</source>
        <translation>Die erste Inferenz nach der Vorbereitung (kalte Caches, verzögerte Initialisierung), nicht Teil der Statistik</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="138"/>
        <source>Loading the model into the engine and planning it (kernels, memory) before the first run</source>
        <translation>Laden des Modells in die Engine und seine Planung (Kernel, Speicher) vor dem ersten Lauf</translation>
    </message>
    <message>
        <location filename="../ui/models/compare_stats_model.cpp" line="140"/>
        <source>Peak resident memory of the process while this scenario ran</source>
        <translation>Höchster residenter Speicher des Prozesses während dieses Szenarios</translation>
    </message>
</context>
<context>
    <name>qs::ui::FindingText</name>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="169"/>
        <source>%1 and %2 are not the same network, but were compared as asked</source>
        <translation>%1 und %2 sind nicht dasselbe Netz, wurden aber wie verlangt verglichen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="173"/>
        <source>%1 and %2 are not the same network, so they were not compared</source>
        <translation>%1 und %2 sind nicht dasselbe Netz und wurden daher nicht verglichen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="178"/>
        <source>some models use operators the engine does not implement, so they were not measured</source>
        <translation>einige Modelle verwenden Operatoren, die die Engine nicht implementiert, daher wurden sie nicht gemessen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="187"/>
        <source>the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run time (DynamicQuantizeLinear, an extra pass over each activation); the Cast and Mul that rescale its output are fused into the integer convolution in the optimized mode measured</source>
        <translation>die Faltungen sind dynamisch quantisiert: jedes ConvInteger quantisiert zur Laufzeit zuerst seine Eingabe (DynamicQuantizeLinear, ein zusätzlicher Durchlauf über jede Aktivierung); Cast und Mul, die seine Ausgabe reskalieren, sind im gemessenen optimierten Modus in die Integer-Faltung eingebunden</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="192"/>
        <source>the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run time (DynamicQuantizeLinear, an extra pass over each activation) and rescales its output through separate Cast and Mul nodes</source>
        <translation>die Faltungen sind dynamisch quantisiert: jedes ConvInteger quantisiert zur Laufzeit zuerst seine Eingabe (DynamicQuantizeLinear, ein zusätzlicher Durchlauf über jede Aktivierung) und reskaliert seine Ausgabe über separate Cast- und Mul-Knoten</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="199"/>
        <source>%1% of the run time goes to converting between float and integer rather than computing</source>
        <translation>%1 % der Laufzeit gehen in die Umwandlung zwischen Gleitkomma und Integer statt ins Rechnen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="205"/>
        <source>this CPU has no int8 dot-product instruction (VNNI/dotprod), which caps what INT8 can gain</source>
        <translation>diese CPU hat keinen int8-Skalarprodukt-Befehl (VNNI/dotprod), was begrenzt, wie viel INT8 gewinnen kann</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="209"/>
        <source>oneDNN dispatches to %1 kernels, so the engine&apos;s INT8 numbers do not use the CPU&apos;s VNNI</source>
        <translation>oneDNN verwendet %1-Kernel, daher nutzen die INT8-Zahlen der Engine das VNNI der CPU nicht</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="212"/>
        <source>the model is in QOperator format with signed int8 activations (S8S8), which x86-64 kernels handle slowly</source>
        <translation>das Modell liegt im QOperator-Format mit vorzeichenbehafteten int8-Aktivierungen (S8S8) vor, die x86-64-Kernel nur langsam verarbeiten</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="215"/>
        <source>quantization multiplied the node count by %1</source>
        <translation>die Quantisierung hat die Knotenzahl um den Faktor %1 erhöht</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="221"/>
        <source>%1 runs %2x slower as written than optimized: its result depends on graph fusion</source>
        <translation>%1 läuft wie geschrieben %2x langsamer als optimiert: sein Ergebnis hängt von der Graphfusion ab</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="226"/>
        <source>the INT8 speedup of %1 depends on the thread count (%2x with %3, %4x with %5)</source>
        <translation>die INT8-Beschleunigung von %1 hängt von der Thread-Zahl ab (%2x mit %3, %4x mit %5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="230"/>
        <source>on this CPU, u8*s8 products are summed in pairs into saturating 16-bit integers, which can clip results for 8-bit weights</source>
        <translation>auf dieser CPU werden u8*s8-Produkte paarweise in sättigende 16-Bit-Integer summiert, was bei 8-Bit-Gewichten Ergebnisse abschneiden kann</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="233"/>
        <source>%1 is so small that fixed per-run costs dominate</source>
        <translation>%1 ist so klein, dass feste Kosten pro Lauf überwiegen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="236"/>
        <source>the measurements are noisy (CV up to %1%), so small differences are not results</source>
        <translation>die Messungen sind verrauscht (VK bis %1 %), daher sind kleine Unterschiede keine Ergebnisse</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="240"/>
        <source>%1 and %2 are indistinguishable with %3 (%4)</source>
        <translation>%1 und %2 sind mit %3 (%4) nicht zu unterscheiden</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="243"/>
        <source>the run was cancelled, so some numbers come from fewer runs than planned</source>
        <translation>der Lauf wurde abgebrochen, daher stammen einige Zahlen aus weniger Läufen als geplant</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="255"/>
        <source>%1 cannot load in %2, version %3: %4 node(s) have no kernel there (%5)</source>
        <translation>%1 lässt sich in %2, Version %3, nicht laden: %4 Knoten haben dort keinen Kernel (%5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="258"/>
        <source>%1 cannot be converted by %2, version %3: %4 node(s) are not supported (%5)</source>
        <translation>%1 lässt sich mit %2, Version %3, nicht konvertieren: %4 Knoten werden nicht unterstützt (%5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="261"/>
        <source>%1 cannot load on %2, version %3: %4 node(s) fall back to the CPU provider, which has no kernel for them either (%5)</source>
        <translation>%1 lässt sich auf %2, Version %3, nicht laden: %4 Knoten fallen auf den CPU-Provider zurück, der für sie ebenfalls keinen Kernel hat (%5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="266"/>
        <source>%1 loads on %2, version %3, but %4 node(s) break a restriction of the table and fail at run time (%5)</source>
        <translation>%1 lädt auf %2, Version %3, aber %4 Knoten verletzen eine Einschränkung der Tabelle und scheitern zur Laufzeit (%5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="271"/>
        <source>on %2, version %3, %4 node(s) of %1 fall back to the CPU provider (%5)</source>
        <translation>auf %2, Version %3, fallen %4 Knoten von %1 auf den CPU-Provider zurück (%5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="295"/>
        <source>The speedup and the findings compare two different networks, not FP32 with its quantization. Measure the FP32 model this INT8 model was made from for a verdict about quantization.</source>
        <translation>Beschleunigung und Befunde vergleichen zwei verschiedene Netze, nicht FP32 mit seiner Quantisierung. Messen Sie das FP32-Modell, aus dem dieses INT8-Modell entstand, um ein Urteil über die Quantisierung zu erhalten.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="299"/>
        <source>Open the FP32 model this INT8 model was made from. To compare these two anyway, use Benchmark → Compare Anyway (quantscope-cli: --allow-different-networks).</source>
        <translation>Öffnen Sie das FP32-Modell, aus dem dieses INT8-Modell entstand. Um diese beiden trotzdem zu vergleichen: Benchmark → Trotzdem vergleichen (quantscope-cli: --allow-different-networks).</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="309"/>
        <source>Those scenarios have no numbers. Time the model in ONNX Runtime and import its profile (quantscope-cli import-ort-profile) to compare, or re-export the model without these operators.</source>
        <translation>Diese Szenarien haben keine Zahlen. Messen Sie das Modell in ONNX Runtime und importieren Sie dessen Profil (quantscope-cli import-ort-profile) zum Vergleich, oder exportieren Sie das Modell ohne diese Operatoren neu.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="315"/>
        <source>Dynamic quantization (ONNX Runtime quantize_dynamic) computes activation scales per run and is meant for MatMul-heavy models (transformers, RNNs). For convolutional networks use static quantization with calibration data (quantize_static, QDQ format, per-channel weights), which runtimes fuse into integer convolutions.</source>
        <translation>Dynamische Quantisierung (quantize_dynamic von ONNX Runtime) berechnet die Skalen der Aktivierungen bei jedem Lauf und ist für MatMul-lastige Modelle gedacht (Transformer, RNNs). Für Faltungsnetze verwenden Sie statische Quantisierung mit Kalibrierdaten (quantize_static, QDQ-Format, Gewichte pro Kanal), die Laufzeitumgebungen zu Integer-Faltungen fusionieren.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="321"/>
        <source>This time is pure overhead the FP32 model does not have. Fewer precision boundaries (quantize whole blocks, not single ops), fused Q/DQ (static QDQ models in a runtime that fuses them) or keeping sensitive layers in FP32 entirely reduce it.</source>
        <translation>Diese Zeit ist reiner Mehraufwand, den das FP32-Modell nicht hat. Weniger Präzisionsgrenzen (ganze Blöcke statt einzelner Ops quantisieren), fusionierte Q/DQ (statische QDQ-Modelle in einer Laufzeitumgebung, die sie fusioniert) oder empfindliche Schichten ganz in FP32 zu belassen, verringern ihn.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="327"/>
        <source>Without VNNI, u8*s8 products take vpmaddubsw, vpmaddwd and vpaddd (three instructions where VNNI&apos;s vpdpbusd needs one). CPUs with AVX512-VNNI or AVX-VNNI (Intel since Cascade Lake / Alder Lake, AMD since Zen 4) gain more; measure on the deployment CPU before deciding.</source>
        <translation>Ohne VNNI brauchen u8*s8-Produkte vpmaddubsw, vpmaddwd und vpaddd (drei Befehle, wo VNNIs vpdpbusd einen braucht). CPUs mit AVX512-VNNI oder AVX-VNNI (Intel seit Cascade Lake / Alder Lake, AMD seit Zen 4) gewinnen mehr; messen Sie vor der Entscheidung auf der Ziel-CPU.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="331"/>
        <source>Without dotprod/i8mm, int8 products are widened before accumulation. Armv8.2+ cores with dotprod (and i8mm) gain more; measure on the deployment CPU before deciding.</source>
        <translation>Ohne dotprod/i8mm werden int8-Produkte vor dem Aufsummieren verbreitert. Armv8.2+-Kerne mit dotprod (und i8mm) gewinnen mehr; messen Sie vor der Entscheidung auf der Ziel-CPU.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="336"/>
        <source>oneDNN&apos;s ISA was limited (DNNL_MAX_CPU_ISA, or a oneDNN build older than the CPU). That is useful to emulate a CPU without VNNI; for this machine&apos;s own answer, unset the limit and measure again.</source>
        <translation>Die ISA von oneDNN war begrenzt (DNNL_MAX_CPU_ISA oder ein oneDNN-Build, der älter als die CPU ist). Das ist nützlich, um eine CPU ohne VNNI nachzubilden; für die Antwort dieser Maschine heben Sie die Begrenzung auf und messen erneut.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="339"/>
        <source>x86-64 integer kernels multiply unsigned by signed bytes (vpmaddubsw / VNNI vpdpbusd); S8S8 needs extra conversions. ONNX Runtime&apos;s quantization guide advises U8S8 on x86-64 and avoiding S8S8 with QOperator; re-quantize with activation_type=QUInt8 or use the QDQ format.</source>
        <translation>x86-64-Integer-Kernel multiplizieren vorzeichenlose mit vorzeichenbehafteten Bytes (vpmaddubsw / VNNI vpdpbusd); S8S8 braucht zusätzliche Umwandlungen. Der Quantisierungsleitfaden von ONNX Runtime empfiehlt auf x86-64 U8S8 und rät von S8S8 mit QOperator ab; quantisieren Sie mit activation_type=QUInt8 neu oder verwenden Sie das QDQ-Format.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="343"/>
        <source>Every extra node is a kernel launch and a pass over an activation in memory. Unless the runtime fuses the added quantization nodes into integer kernels, these passes can cost more than the int8 arithmetic saves.</source>
        <translation>Jeder zusätzliche Knoten ist ein Kernel-Aufruf und ein Durchlauf über eine Aktivierung im Speicher. Sofern die Laufzeitumgebung die hinzugefügten Quantisierungsknoten nicht in Integer-Kernel fusioniert, können diese Durchläufe mehr kosten, als die int8-Arithmetik spart.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="349"/>
        <source>As written, every QuantizeLinear/DequantizeLinear runs as its own pass and the integer kernels are surrounded by conversions. A runtime that fuses Q/DQ pairs into integer operators gets the optimized number; one that does not gets the slower one. Check what the deployment runtime fuses.</source>
        <translation>Wie geschrieben läuft jedes QuantizeLinear/DequantizeLinear als eigener Durchlauf, und die Integer-Kernel sind von Umwandlungen umgeben. Eine Laufzeitumgebung, die Q/DQ-Paare zu Integer-Operatoren fusioniert, erreicht die optimierte Zahl; eine, die das nicht tut, die langsamere. Prüfen Sie, was die Laufzeitumgebung im Einsatz fusioniert.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="354"/>
        <source>Operator fusion (Conv + activation, BatchNormalization folding, layout propagation) makes this difference; a runtime without it will see the as-written number.</source>
        <translation>Operatorfusion (Conv + Aktivierung, Einfalten von BatchNormalization, Layout-Weitergabe) macht diesen Unterschied; eine Laufzeitumgebung ohne sie sieht die Zahl wie geschrieben.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="359"/>
        <source>The controlled (1 thread) number measures kernel efficiency; the practical (all cores) number adds parallel scaling, where memory bandwidth and operators that do not parallelise (small quantize/dequantize passes) change the balance. Decide with the setting you deploy.</source>
        <translation>Die kontrollierte Zahl (1 Thread) misst die Effizienz der Kernel; bei der praktischen (alle Kerne) kommt die parallele Skalierung hinzu, bei der Speicherbandbreite und nicht parallelisierbare Operatoren (kleine Quantisierungs- und Dequantisierungsdurchläufe) das Verhältnis verschieben. Entscheiden Sie mit der Einstellung, die Sie einsetzen.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="363"/>
        <source>Without VNNI, vpmaddubsw adds two u8*s8 products into int16 with saturation (255*127*2 = 64770 &gt; 32767). oneDNN and ONNX Runtime recommend 7-bit weights on such CPUs (reduce_range=True in ONNX Runtime&apos;s quantizer); check accuracy against FP32 on real inputs.</source>
        <translation>Ohne VNNI addiert vpmaddubsw zwei u8*s8-Produkte mit Sättigung in int16 (255*127*2 = 64770 &gt; 32767). oneDNN und ONNX Runtime empfehlen auf solchen CPUs 7-Bit-Gewichte (reduce_range=True im Quantisierer von ONNX Runtime); prüfen Sie die Genauigkeit gegen FP32 mit echten Eingaben.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="367"/>
        <source>Input/output copies, kernel dispatch and the quantization of inputs and outputs cost the same whatever the arithmetic; with this little compute INT8 has little to win. Batch several inputs per run or keep FP32.</source>
        <translation>Kopien von Ein- und Ausgaben, Kernel-Aufrufe und die Quantisierung von Ein- und Ausgaben kosten gleich viel, wie viel auch gerechnet wird; bei so wenig Rechenarbeit hat INT8 wenig zu gewinnen. Verarbeiten Sie mehrere Eingaben pro Lauf oder bleiben Sie bei FP32.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="371"/>
        <source>Close other programs, use the performance CPU governor, pin the process to cores (taskset), and run longer (--seconds) so the medians settle. Speedups within the noise should be reported as &apos;no difference&apos;.</source>
        <translation>Schließen Sie andere Programme, verwenden Sie den CPU-Governor „performance“, binden Sie den Prozess an Kerne (taskset) und messen Sie länger (--seconds), damit sich die Mediane stabilisieren. Beschleunigungen innerhalb des Rauschens sollten als „kein Unterschied“ berichtet werden.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="375"/>
        <source>The 95% bootstrap interval of the median ratio contains 1: the measured difference is within the noise of this run. More runs or a quieter machine narrow it.</source>
        <translation>Das 95-%-Bootstrap-Intervall des Medianverhältnisses enthält 1: Der gemessene Unterschied liegt im Rauschen dieses Laufs. Mehr Läufe oder eine ruhigere Maschine machen es enger.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="378"/>
        <source>Treat partial statistics with care, or run again to completion.</source>
        <translation>Behandeln Sie unvollständige Statistiken mit Vorsicht, oder wiederholen Sie den Lauf bis zum Ende.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="385"/>
        <source>&apos;quantscope-cli targets MODEL&apos; lists every node and why.</source>
        <translation>„quantscope-cli targets MODELL“ listet jeden Knoten mit Begründung.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="387"/>
        <source>A provider runs only the operators it supports; ONNX Runtime hands the rest to its CPU provider and copies tensors at every boundary between the two, so a few unsupported operator types can cost more than the provider gains. Use operators the target lists, or measure on the device with and without the provider.</source>
        <translation>Ein Provider führt nur die Operatoren aus, die er unterstützt; den Rest gibt ONNX Runtime an seinen CPU-Provider und kopiert an jeder Grenze zwischen beiden Tensoren. Wenige nicht unterstützte Operatortypen können so mehr kosten, als der Provider gewinnt. Verwenden Sie Operatoren, die das Ziel auflistet, oder messen Sie auf dem Gerät mit und ohne den Provider.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="393"/>
        <source>The parser stops at the first operator it does not support, so no engine is built from this file. Export the network with operators the parser lists.</source>
        <translation>Der Parser bricht beim ersten Operator ab, den er nicht unterstützt, daher entsteht aus dieser Datei keine Engine. Exportieren Sie das Netz mit Operatoren, die der Parser auflistet.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="397"/>
        <source>The session is created, but running these nodes fails on the restriction the table states. Quantize so the nodes meet it (for ConvInteger: per-tensor zero points), or use another format.</source>
        <translation>Die Sitzung wird erstellt, aber das Ausführen dieser Knoten scheitert an der Einschränkung, die die Tabelle nennt. Quantisieren Sie so, dass die Knoten sie erfüllen (bei ConvInteger: Nullpunkte pro Tensor), oder verwenden Sie ein anderes Format.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="401"/>
        <source>Creating a session fails (&apos;Could not find an implementation for ...&apos;): the provider rejects these nodes, and ONNX Runtime&apos;s CPU provider, which runs what a provider rejects, has no kernel for them either. Quantize in a format both have kernels for, or deploy a build that includes them.</source>
        <translation>Das Erstellen einer Sitzung scheitert („Could not find an implementation for ...“): Der Provider lehnt diese Knoten ab, und der CPU-Provider von ONNX Runtime, der ausführt, was ein Provider ablehnt, hat für sie ebenfalls keinen Kernel. Quantisieren Sie in einem Format, für das beide Kernel haben, oder liefern Sie einen Build aus, der sie enthält.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="407"/>
        <source>Creating a session fails (&apos;Could not find an implementation for ...&apos;): this build has no kernel for these nodes. Quantize in a format the build has kernels for, or deploy a build that includes them (a full package, or a reduced build made for this model).</source>
        <translation>Das Erstellen einer Sitzung scheitert („Could not find an implementation for ...“): Dieser Build hat für diese Knoten keinen Kernel. Quantisieren Sie in einem Format, für das der Build Kernel hat, oder liefern Sie einen Build aus, der sie enthält (ein vollständiges Paket oder einen für dieses Modell reduzierten Build).</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="436"/>
        <source>%1: %2x (95% CI %3-%4) vs %5, %6, %7</source>
        <translation>%1: %2x (95-%-KI %3–%4) gegen %5, %6, %7</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="441"/>
        <source>measured speedup %1</source>
        <translation>gemessene Beschleunigung %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="446"/>
        <source>inputs differ: %1 has %2, %3 has %4</source>
        <translation>Eingänge unterscheiden sich: %1 hat %2, %3 hat %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="450"/>
        <source>outputs differ: %1 has %2, %3 has %4</source>
        <translation>Ausgänge unterscheiden sich: %1 hat %2, %3 hat %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="454"/>
        <source>%1 has %2 %3 layers, %4 has %5</source>
        <translation>%1 hat %2 %3-Schichten, %4 hat %5</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="459"/>
        <source>layer %1 is %2 in %3 but %4 in %5</source>
        <translation>Schicht %1 ist %2 in %3, aber %4 in %5</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="477"/>
        <source>%1: %2 and %3 more</source>
        <translation>%1: %2 und %3 weitere</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="478"/>
        <location filename="../ui/util/finding_text.cpp" line="599"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="483"/>
        <source>%1: %2 DynamicQuantizeLinear, %3 ConvInteger, %4 Cast, %5 Mul nodes (%6 nodes in total)</source>
        <translation>%1: %2 DynamicQuantizeLinear-, %3 ConvInteger-, %4 Cast-, %5 Mul-Knoten (%6 Knoten insgesamt)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="488"/>
        <source>%1: DynamicQuantizeLinear takes %2 ms of %3 ms per run (%4%)</source>
        <translation>%1: DynamicQuantizeLinear braucht %2 ms von %3 ms pro Lauf (%4 %)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="497"/>
        <source>ConvInteger steps (with their fused Cast/Mul rescaling) take %1 ms per run vs %2 ms for the FP32 model&apos;s Conv kernels (%3x)</source>
        <translation>ConvInteger-Schritte (mit ihrer eingebundenen Cast/Mul-Reskalierung) brauchen %1 ms pro Lauf gegenüber %2 ms für die Conv-Kernel des FP32-Modells (%3x)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="502"/>
        <source>ConvInteger kernels take %1 ms per run vs %2 ms for the FP32 model&apos;s Conv kernels (%3x)</source>
        <translation>ConvInteger-Kernel brauchen %1 ms pro Lauf gegenüber %2 ms für die Conv-Kernel des FP32-Modells (%3x)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="510"/>
        <source>%1: quantize/dequantize/cast/requantize nodes take %2 ms of %3 ms per run (%4%, %5 profile)</source>
        <translation>%1: Quantisierungs-, Dequantisierungs-, Cast- und Requantisierungsknoten brauchen %2 ms von %3 ms pro Lauf (%4 %, Profil von %5)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="514"/>
        <source>%1: %2 ms (%3%)</source>
        <translation>%1: %2 ms (%3 %)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="520"/>
        <source>%1: AVX512-VNNI no, AVX-VNNI no, AMX-INT8 no; AVX2 %2, AVX-512 %3</source>
        <translation>%1: AVX512-VNNI nein, AVX-VNNI nein, AMX-INT8 nein; AVX2 %2, AVX-512 %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="523"/>
        <source>%1: Arm dotprod no, i8mm no</source>
        <translation>%1: Arm dotprod nein, i8mm nein</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="525"/>
        <source>oneDNN %1 dispatches to %2</source>
        <translation>oneDNN %1 verwendet %2</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="530"/>
        <source>expected here for fused integer convolutions: about %1-%2x per layer (oneDNN u8*s8 vs FP32 convolutions measured on an AVX2 EPYC without VNNI), less for whole models</source>
        <translation>hier für fusionierte Integer-Faltungen zu erwarten: etwa %1–%2x pro Schicht (oneDNN u8*s8 gegenüber FP32-Faltungen, gemessen auf einem AVX2-EPYC ohne VNNI), weniger für ganze Modelle</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="538"/>
        <source>%1: AVX512-VNNI %2, AVX-VNNI %3, AMX-INT8 %4</source>
        <translation>%1: AVX512-VNNI %2, AVX-VNNI %3, AMX-INT8 %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="541"/>
        <source>oneDNN %1 effective ISA: %2</source>
        <translation>oneDNN %1, wirksame ISA: %2</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="546"/>
        <source>%1: %2 integer convolution/matmul nodes take int8 activations (format %3)</source>
        <translation>%1: %2 Integer-Faltungs- und MatMul-Knoten erhalten int8-Aktivierungen (Format %3)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="551"/>
        <source>%1 nodes (%2) -&gt; %3 nodes (%4): %5x</source>
        <translation>%1 Knoten (%2) → %3 Knoten (%4): %5x</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="555"/>
        <source>added: %1</source>
        <translation>hinzugekommen: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="560"/>
        <source>%1, %2: median %3 ms as written vs %4 ms optimized</source>
        <translation>%1, %2: Median %3 ms wie geschrieben gegenüber %4 ms optimiert</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="567"/>
        <source>%1 (%2): no VNNI/AMX on %3</source>
        <translation>%1 (%2): kein VNNI/AMX auf %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="570"/>
        <source>%1 (%2): oneDNN limited to %3 on %4</source>
        <translation>%1 (%2): oneDNN auf %3 begrenzt, auf %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="576"/>
        <source>parity vs %1 (%2): max |error| %3, mean |error| %4, cosine %5</source>
        <translation>Übereinstimmung mit %1 (%2): max. |Fehler| %3, mittlerer |Fehler| %4, Kosinus %5</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="577"/>
        <source>parity vs %1 (%2): max |error| %3, mean |error| %4</source>
        <translation>Übereinstimmung mit %1 (%2): max. |Fehler| %3, mittlerer |Fehler| %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="583"/>
        <source>%1: FP32 median %2 ms</source>
        <translation>%1: FP32-Median %2 ms</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="586"/>
        <source>%1 million multiply-accumulates per inference</source>
        <translation>%1 Millionen Multiplikationen mit Akkumulation pro Inferenz</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="592"/>
        <source>%1: CV %2% (mean %3 ms, stddev %4 ms, P99 %5 ms vs P50 %6 ms), %7 Tukey outliers in %8 runs</source>
        <translation>%1: VK %2 % (Mittelwert %3 ms, Std.-Abw. %4 ms, P99 %5 ms gegenüber P50 %6 ms), %7 Tukey-Ausreißer in %8 Läufen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="599"/>
        <source>partial</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="602"/>
        <source>the run was stopped before every scenario ran</source>
        <translation>der Lauf wurde beendet, bevor jedes Szenario lief</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="610"/>
        <source>table %1, version %2 (%3)</source>
        <translation>Tabelle %1, Version %2 (%3)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="612"/>
        <source>%1: %2 node(s) without a kernel, first %3</source>
        <translation>%1: %2 Knoten ohne Kernel, zuerst %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="614"/>
        <source>%1: %2 node(s) the parser does not support, first %3</source>
        <translation>%1: %2 Knoten, die der Parser nicht unterstützt, zuerst %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="616"/>
        <source>%1: %2 node(s) the CPU provider has no kernel for either, first %3</source>
        <translation>%1: %2 Knoten, für die auch der CPU-Provider keinen Kernel hat, zuerst %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="618"/>
        <source>%1: %2 node(s) fall back to the CPU provider, first %3</source>
        <translation>%1: %2 Knoten fallen auf den CPU-Provider zurück, zuerst %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="620"/>
        <source>%1: %2 node(s) fail at run time, first %3</source>
        <translation>%1: %2 Knoten scheitern zur Laufzeit, zuerst %3</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="623"/>
        <source>the fallbacks split the graph into %1 partitions (%2 on the provider, %3 on the CPU), with %4 copies between them</source>
        <translation>die Rückfälle teilen den Graphen in %1 Partitionen (%2 auf dem Provider, %3 auf der CPU), mit %4 Kopien dazwischen</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="629"/>
        <source>%1, not counting %2 node(s) the table says nothing about</source>
        <translation>%1, ohne %2 Knoten, zu denen die Tabelle nichts sagt</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="634"/>
        <source>also: %1</source>
        <translation>außerdem: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="636"/>
        <source>also: this target loads only %1 files: a %2 file cannot load at all (it must be converted first)</source>
        <translation>außerdem: dieses Ziel lädt nur %1-Dateien: eine %2-Datei lässt sich dort gar nicht laden (sie muss zuerst umgewandelt werden)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="641"/>
        <source>the table does not say for %1 more node(s)</source>
        <translation>die Tabelle sagt nichts zu %1 weiteren Knoten</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="644"/>
        <source>%1 (%2), the same network: %3 node(s) run there, %4 fall back to the CPU provider, %5 cannot load, %6 unknown</source>
        <translation>%1 (%2), dasselbe Netz: %3 Knoten laufen dort, %4 fallen auf den CPU-Provider zurück, %5 lassen sich nicht laden, %6 unbekannt</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="731"/>
        <source>No INT8-vs-FP32 verdict: %1 and %2 are not the same network (see the findings; Benchmark → Compare Anyway compares them all the same).</source>
        <translation>Kein INT8-gegen-FP32-Urteil: %1 und %2 sind nicht dasselbe Netz (siehe die Befunde; Benchmark → Trotzdem vergleichen vergleicht sie dennoch).</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="735"/>
        <source>No INT8-vs-FP32 verdict: the run failed (%1): %2</source>
        <translation>Kein INT8-gegen-FP32-Urteil: der Lauf ist fehlgeschlagen (%1): %2</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="737"/>
        <source>No INT8-vs-FP32 verdict: the run needs an FP32 and a quantized model of the same network, both measured.</source>
        <translation>Kein Urteil INT8 gegen FP32: Der Lauf braucht ein FP32- und ein quantisiertes Modell desselben Netzes, beide gemessen.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="739"/>
        <source>%1 vs %2, median latency, %3, %4</source>
        <translation>%1 gegen %2, Median der Latenz, %3, %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="742"/>
        <source>, measured by %1</source>
        <translation>, gemessen von %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="743"/>
        <source>, 95% CI %1-%2x</source>
        <translation>, 95-%-KI %1–%2x</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="745"/>
        <source>INT8 and FP32 are equally fast here within the noise (median speedup %1x; %2).</source>
        <translation>INT8 und FP32 sind hier im Rahmen des Rauschens gleich schnell (Median der Beschleunigung %1x; %2).</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="748"/>
        <source>INT8 is %1x faster here (%2).</source>
        <translation>INT8 ist hier %1x schneller (%2).</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="750"/>
        <source>INT8 is %1x slower here (%2); no known cause matched, see the time per op type below.</source>
        <translation>INT8 ist hier %1x langsamer (%2); keine bekannte Ursache trifft zu, siehe die Zeit pro Operatortyp unten.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="753"/>
        <source>INT8 is %1x slower here, because %2 (%3).</source>
        <translation>INT8 ist hier %1x langsamer, denn %2 (%3).</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="246"/>
        <source>%1 is %2x against %3 in ONNX Runtime %4 but %5x in Quantscope (%6, %7)</source>
        <translation>%1 ist gegenüber %3 in ONNX Runtime %4 %2x, in Quantscope aber %5x (%6, %7)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="280"/>
        <source>ONNX Runtime %1 ran with graph optimizations %2 on its CPU provider; this CPU has INT8 dot-product instructions</source>
        <translation>ONNX Runtime %1 lief mit Graph-Optimierungen %2 auf seinem CPU-Provider; diese CPU hat INT8-Skalarprodukt-Befehle</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="282"/>
        <source>ONNX Runtime %1 ran with graph optimizations %2 on its CPU provider; this CPU lacks INT8 dot-product instructions</source>
        <translation>ONNX Runtime %1 lief mit Graph-Optimierungen %2 auf seinem CPU-Provider; dieser CPU fehlen INT8-Skalarprodukt-Befehle</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="380"/>
        <source>Both runtimes ran the same files on the same inputs with the same threads; the difference is in how each executes them. The op types listed carry most of it. Fused quantization boundaries and integer dot-product kernels decide who wins; the onnxruntime-setup finding lists ONNX Runtime&apos;s settings.</source>
        <translation>Beide Laufzeitumgebungen führten dieselben Dateien mit denselben Eingaben und Threads aus; der Unterschied liegt darin, wie sie sie ausführen. Die aufgeführten Op-Typen machen den Großteil aus. Fusionierte Quantisierungsgrenzen und Integer-Skalarprodukt-Kernel entscheiden; der Befund onnxruntime-setup nennt die Einstellungen von ONNX Runtime.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="416"/>
        <source>ONNX Runtime&apos;s CPU provider uses these instructions for ConvInteger, MatMulInteger and fused QDQ convolutions. If INT8 is still slow there, compare the time per op type: unfused conversion ops (DynamicQuantizeLinear, Cast, Mul) and graph optimizations &apos;disabled&apos; are the usual causes; deploy with ORT_ENABLE_ALL and the thread count you measured.</source>
        <translation>Der CPU-Provider von ONNX Runtime nutzt diese Befehle für ConvInteger, MatMulInteger und fusionierte QDQ-Faltungen. Ist INT8 dort trotzdem langsam, vergleichen Sie die Zeit je Op-Typ: nicht fusionierte Umwandlungs-Ops (DynamicQuantizeLinear, Cast, Mul) und Graph-Optimierungen „disabled“ sind die üblichen Ursachen; setzen Sie ORT_ENABLE_ALL und die gemessene Thread-Zahl ein.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="422"/>
        <source>Without VNNI, AMX or dotprod, ONNX Runtime&apos;s INT8 kernels add u8*s8 products in pairs into 16-bit sums and gain little over FP32 code. Measure on the deployment CPU, or keep FP32 on this one; deploy with ORT_ENABLE_ALL so QDQ groups are fused.</source>
        <translation>Ohne VNNI, AMX oder dotprod addieren die INT8-Kernel von ONNX Runtime u8*s8-Produkte paarweise zu 16-Bit-Summen und gewinnen gegenüber FP32-Code wenig. Messen Sie auf der Ziel-CPU oder bleiben Sie auf dieser bei FP32; setzen Sie ORT_ENABLE_ALL ein, damit QDQ-Gruppen fusioniert werden.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="656"/>
        <source>ONNX Runtime: %1</source>
        <translation>ONNX Runtime: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="656"/>
        <source>Quantscope: %1</source>
        <translation>Quantscope: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="660"/>
        <source>%1 in %2: %3 ms per run in ONNX Runtime vs %4 ms in Quantscope</source>
        <translation>%1 in %2: %3 ms je Lauf in ONNX Runtime gegenüber %4 ms in Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="667"/>
        <source>ONNX Runtime %1 (%2 adapter, %3): execution providers in this build: %4</source>
        <translation>ONNX Runtime %1 (%2-Adapter, %3): Execution Provider in diesem Build: %4</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="671"/>
        <source>%1: graph optimization %2, %3 intra-op / %4 inter-op threads, provider %5</source>
        <translation>%1: Graph-Optimierung %2, %3 Intra-Op- / %4 Inter-Op-Threads, Provider %5</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="676"/>
        <source>CPU INT8 features: %1</source>
        <translation>INT8-Merkmale der CPU: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="677"/>
        <source>CPU INT8 features: %1 (no VNNI, AMX or dotprod: no INT8 dot-product instructions)</source>
        <translation>INT8-Merkmale der CPU: %1 (kein VNNI, AMX oder dotprod: keine INT8-Skalarprodukt-Befehle)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="181"/>
        <source>%1 runs %2 node(s) on slow reference kernels, %3 ms per run (%4% of its kernel time)</source>
        <translation>%1 führt %2 Knoten auf langsamen Referenz-Kerneln aus, %3 ms pro Lauf (%4% seiner Kernel-Zeit)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="304"/>
        <source>These nodes ran a reference implementation (oneDNN&apos;s ref:..., or the engine&apos;s scalar loops), often 10-100x slower than a vectorised kernel: the measurement shows the fallback, not what the CPU can do. &apos;quantscope-cli plan MODEL --run&apos; shows each step&apos;s kernel, formats and fused post-ops; compare with the ISA capped (DNNL_MAX_CPU_ISA=AVX2) and report the model.</source>
        <translation>Diese Knoten liefen auf einer Referenzimplementierung (oneDNNs ref:... oder den skalaren Schleifen der Engine), oft 10- bis 100-mal langsamer als ein vektorisierter Kernel: Die Messung zeigt den Notbehelf, nicht was die CPU kann. &apos;quantscope-cli plan MODEL --run&apos; zeigt Kernel, Formate und fusionierte Post-Ops jedes Schritts; vergleichen Sie mit begrenzter ISA (DNNL_MAX_CPU_ISA=AVX2) und melden Sie das Modell.</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="467"/>
        <source>%1: node &apos;%2&apos; (%3) ran %4: %5 ms per run (%6% of kernel time)</source>
        <translation>%1: Knoten &apos;%2&apos; (%3) lief auf %4: %5 ms pro Lauf (%6% der Kernel-Zeit)</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="471"/>
        <source>%1 more node(s): %2 ms per run</source>
        <translation>%1 weitere Knoten: %2 ms pro Lauf</translation>
    </message>
</context>
<context>
    <name>qs::ui::GraphPanel</name>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="50"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="61"/>
        <source>Find node name, op type or tensor name</source>
        <translation>Knotenname, Operatortyp oder Tensorname suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="65"/>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="66"/>
        <source>Previous match (Shift+F3)</source>
        <translation>Vorheriger Treffer (Umschalt+F3)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="68"/>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="69"/>
        <source>Next match (F3, Enter)</source>
        <translation>Nächster Treffer (F3, Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="72"/>
        <source>Close the find bar (Esc)</source>
        <translation>Suchleiste schließen (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="73"/>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="96"/>
        <source>Colour by:</source>
        <translation>Färben nach:</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="103"/>
        <source>Open an ONNX model (Ctrl+O) or drop one here.

Open an FP32 and an INT8 model side by side with File → Open Pair (Ctrl+Shift+O).</source>
        <translation>Öffnen Sie ein ONNX-Modell (Strg+O) oder legen Sie eines hier ab.

Ein FP32- und ein INT8-Modell nebeneinander öffnen Sie mit Datei → Paar öffnen (Strg+Umschalt+O).</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="112"/>
        <source>Which model of the pair the graph shows</source>
        <translation>Welches Modell des Paars der Graph zeigt</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="129"/>
        <source>&amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="129"/>
        <source>Fit the whole graph in the window</source>
        <translation>Den ganzen Graphen ins Fenster einpassen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="130"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="130"/>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="131"/>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="131"/>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="134"/>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="134"/>
        <source>Zoom to 100 %</source>
        <translation>Auf 100 % zoomen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="148"/>
        <source>&amp;Left to Right</source>
        <translation>Von &amp;links nach rechts</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="149"/>
        <source>Lay the graph out left to right instead of top to bottom</source>
        <translation>Den Graphen von links nach rechts statt von oben nach unten anordnen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="150"/>
        <source>Left→Right</source>
        <translation>Links→Rechts</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="151"/>
        <source>&amp;Collapse Q/DQ</source>
        <translation>Q/DQ &amp;zusammenfalten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="152"/>
        <source>Fold QuantizeLinear/DequantizeLinear nodes into the node they feed</source>
        <translation>QuantizeLinear/DequantizeLinear-Knoten in den Knoten falten, den sie speisen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="153"/>
        <source>&amp;Fold Constants</source>
        <translation>&amp;Konstanten einfalten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="154"/>
        <source>Draw Constant nodes and constant-only subgraphs as inputs of the node they feed</source>
        <translation>Constant-Knoten und rein konstante Teilgraphen als Eingaben des Knotens zeichnen, den sie speisen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="157"/>
        <source>Constants</source>
        <translation>Konstanten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="158"/>
        <source>&amp;Boundaries Only</source>
        <translation>&amp;Nur Grenzen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="159"/>
        <source>Show only quantization boundaries; dim everything else</source>
        <translation>Nur Quantisierungsgrenzen zeigen; alles andere abblenden</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="161"/>
        <source>&amp;Tensor Shapes</source>
        <translation>&amp;Tensorformen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="161"/>
        <source>Show element types and shapes on edges</source>
        <translation>Elementtypen und Formen an den Kanten zeigen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="162"/>
        <source>O&amp;verview</source>
        <translation>&amp;Übersicht</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="162"/>
        <source>Show the overview map</source>
        <translation>Die Übersichtskarte zeigen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="167"/>
        <source>Boundaries</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="169"/>
        <source>Shapes</source>
        <translation>Formen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="187"/>
        <source>Node category</source>
        <translation>Knotenart</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="188"/>
        <source>MACs per node</source>
        <translation>MACs pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="189"/>
        <source>Weight bytes per node</source>
        <translation>Gewichtsbytes pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="194"/>
        <source>Colour nodes by a per-node metric (run profiles and parity reports add more)</source>
        <translation>Knoten nach einer Metrik pro Knoten färben (Laufprofile und Paritätsberichte fügen weitere hinzu)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="197"/>
        <source>&amp;Find...</source>
        <translation>&amp;Suchen...</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="197"/>
        <source>Find a node by name, op type or tensor name</source>
        <translation>Einen Knoten über Name, Operatortyp oder Tensorname suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="203"/>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="203"/>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="204"/>
        <source>Find Pre&amp;vious</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="204"/>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="208"/>
        <source>Export Graph as &amp;PNG...</source>
        <translation>Graph als P&amp;NG exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="209"/>
        <source>Save the whole graph as a PNG image</source>
        <translation>Den ganzen Graphen als PNG-Bild speichern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="210"/>
        <source>Export Graph as &amp;SVG...</source>
        <translation>Graph als &amp;SVG exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="211"/>
        <source>Save the whole graph as a scalable SVG drawing</source>
        <translation>Den ganzen Graphen als skalierbare SVG-Zeichnung speichern</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="247"/>
        <source>FP32 · %1</source>
        <translation>FP32 · %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="250"/>
        <source>INT8 · %1</source>
        <translation>INT8 · %1</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="379"/>
        <source>Verdict on target</source>
        <translation>Urteil zum Ziel</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="381"/>
        <source>Colour nodes by where they run on %1 (chosen in the Targets view)</source>
        <translation>Knoten danach färben, wo sie auf %1 laufen (gewählt in der Ansicht Ziele)</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="411"/>
        <source>SQNR per layer</source>
        <translation>SQNR pro Schicht</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="413"/>
        <source>Colour nodes by the SQNR of the tensor each computes, quantized against FP32 (the Parity panel&apos;s check); low is hot</source>
        <translation>Knoten nach dem SQNR des Tensors färben, den sie berechnen, quantisiert gegen FP32 (die Prüfung im Bereich Übereinstimmung); niedrig ist heiß</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="434"/>
        <source>Time per node</source>
        <translation>Zeit pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="435"/>
        <source>Share of time per node</source>
        <translation>Zeitanteil pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="492"/>
        <source>The analysis reports no per-node MACs for this model yet.</source>
        <translation>Die Analyse liefert für dieses Modell noch keine MACs pro Knoten.</translation>
    </message>
    <message>
        <source>bytes, log scale</source>
        <translation type="vanished">Bytes, logarithmische Skala</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation type="vanished">logarithmische Skala</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="543"/>
        <source>No match</source>
        <translation>Kein Treffer</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_panel.cpp" line="546"/>
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
        <location filename="../ui/graph/graph_scene.cpp" line="215"/>
        <source>The graph is too large for an image of %1 x %2 pixels.</source>
        <translation>Der Graph ist zu groß für ein Bild mit %1 × %2 Pixeln.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="228"/>
        <location filename="../ui/graph/graph_scene.cpp" line="246"/>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../ui/graph/graph_scene.cpp" line="242"/>
        <source>Graph exported by Quantscope</source>
        <translation>Graph exportiert von Quantscope</translation>
    </message>
</context>
<context>
    <name>qs::ui::HotspotModel</name>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="109"/>
        <source>The runtime fused or renamed this node: it has no node in the graph</source>
        <translation>Die Laufzeitumgebung hat diesen Knoten verschmolzen oder umbenannt: Er hat keinen Knoten im Graphen</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="110"/>
        <source>No node of this type in the graph has a time of its own</source>
        <translation>Kein Knoten dieses Typs im Graphen hat eine eigene Zeit</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="112"/>
        <source>Select and centre this node in the graph</source>
        <translation>Diesen Knoten im Graphen auswählen und zentrieren</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="113"/>
        <source>Select and centre the slowest %1 node in the graph</source>
        <translation>Den langsamsten %1-Knoten im Graphen auswählen und zentrieren</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="123"/>
        <source>Mean time per run of the profiled runs</source>
        <translation>Mittlere Zeit pro Lauf der profilierten Läufe</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="129"/>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="129"/>
        <location filename="../ui/models/hotspot_model.cpp" line="131"/>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="131"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="133"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../ui/models/hotspot_model.cpp" line="135"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
</context>
<context>
    <name>qs::ui::HotspotPanel</name>
    <message>
        <location filename="../ui/panels/hotspot_panel.cpp" line="31"/>
        <source>Slowest nodes</source>
        <translation>Langsamste Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/hotspot_panel.cpp" line="32"/>
        <source>Op types</source>
        <translation>Operatortypen</translation>
    </message>
    <message>
        <location filename="../ui/panels/hotspot_panel.cpp" line="33"/>
        <source>List single nodes or the time summed per op type</source>
        <translation>Einzelne Knoten oder die Zeit summiert pro Operatortyp auflisten</translation>
    </message>
    <message>
        <location filename="../ui/panels/hotspot_panel.cpp" line="35"/>
        <source>Filter by node name or op type</source>
        <translation>Nach Knotenname oder Operatortyp filtern</translation>
    </message>
    <message>
        <location filename="../ui/panels/hotspot_panel.cpp" line="85"/>
        <source>No profile on the graph: measure the model shown with “%1” on, or select a profiled run of it.</source>
        <translation>Kein Profil auf dem Graphen: Messen Sie das gezeigte Modell mit „%1“ oder wählen Sie einen Lauf mit Profil davon.</translation>
    </message>
    <message>
        <location filename="../ui/panels/hotspot_panel.cpp" line="87"/>
        <source>Per-node profile</source>
        <translation>Profil pro Knoten</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/panels/hotspot_panel.cpp" line="90"/>
        <source>%1 per run in %n kernel(s)</source>
        <translation>
            <numerusform>%1 pro Lauf in %n Kernel</numerusform>
            <numerusform>%1 pro Lauf in %n Kerneln</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::ui::ImagePreprocessBox</name>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="89"/>
        <source>Image preprocessing</source>
        <translation>Bildvorverarbeitung</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="92"/>
        <source>How each image of the calibration folder becomes an input tensor: resized, scaled, normalized and laid out as the model was trained. Unset fields follow the model&apos;s input shape.</source>
        <translation>Wie jedes Bild des Kalibrierungsordners zum Eingabetensor wird: skaliert, mit einem Faktor multipliziert, normalisiert und angeordnet, wie das Modell trainiert wurde. Nicht gesetzte Felder folgen der Eingabeform des Modells.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="94"/>
        <source>model&apos;s</source>
        <translation>vom Modell</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="104"/>
        <source>Width the images are resized to; &quot;model&apos;s&quot;: the input&apos;s width</source>
        <translation>Breite, auf die die Bilder skaliert werden; „vom Modell“: die Breite der Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="105"/>
        <source>Height the images are resized to; &quot;model&apos;s&quot;: the input&apos;s height</source>
        <translation>Höhe, auf die die Bilder skaliert werden; „vom Modell“: die Höhe der Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="108"/>
        <source>Stretch</source>
        <translation>Strecken</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="109"/>
        <source>Centre crop</source>
        <translation>Mitte ausschneiden</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="110"/>
        <source>Stretch: the whole image to the size, its aspect ratio may change. Centre crop: scaled with its aspect ratio until it covers the size, the centre kept. Both bilinear, averaging every pixel when shrinking.</source>
        <translation>Strecken: das ganze Bild auf die Größe, sein Seitenverhältnis kann sich ändern. Mitte ausschneiden: mit seinem Seitenverhältnis skaliert, bis es die Größe abdeckt, die Mitte bleibt. Beide bilinear; beim Verkleinern wird über jedes Pixel gemittelt.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="115"/>
        <source>Multiplies the 0-255 pixel values: 1/255 gives values in [0, 1], 1 keeps 0-255</source>
        <translation>Multipliziert die Pixelwerte 0–255: 1/255 ergibt Werte in [0, 1], 1 behält 0–255</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="119"/>
        <source>Subtracted after scaling: one value, or one per channel separated by commas (decimal point, e.g. 0.485, 0.456, 0.406)</source>
        <translation>Wird nach der Multiplikation abgezogen: ein Wert oder einer pro Kanal, durch Kommas getrennt (mit Dezimalpunkt, z. B. 0.485, 0.456, 0.406)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="124"/>
        <source>Then divided by: one value, or one per channel separated by commas (decimal point, e.g. 0.229, 0.224, 0.225)</source>
        <translation>Danach wird dadurch geteilt: ein Wert oder einer pro Kanal, durch Kommas getrennt (mit Dezimalpunkt, z. B. 0.229, 0.224, 0.225)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="126"/>
        <source>ImageNet</source>
        <translation>ImageNet</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="128"/>
        <source>Fills in the mean and std of torchvision&apos;s ImageNet models (RGB, scale 1/255)</source>
        <translation>Trägt Mittelwert und Standardabweichung der ImageNet-Modelle von torchvision ein (RGB, Faktor 1/255)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="136"/>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="143"/>
        <source>From the model</source>
        <translation>Vom Modell</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="139"/>
        <source>Channels first (NCHW, PyTorch) or last (NHWC, TensorFlow); from the model: where its input has 1 or 3 channels</source>
        <translation>Kanäle zuerst (NCHW, PyTorch) oder zuletzt (NHWC, TensorFlow); vom Modell: wo seine Eingabe 1 oder 3 Kanäle hat</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="146"/>
        <source>Gray</source>
        <translation>Grau</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="147"/>
        <source>Channel order: RGB, BGR (models trained with OpenCV) or gray (0.299 R + 0.587 G + 0.114 B); from the model: RGB for 3 channels, gray for 1</source>
        <translation>Kanalreihenfolge: RGB, BGR (mit OpenCV trainierte Modelle) oder Grau (0,299 R + 0,587 G + 0,114 B); vom Modell: RGB bei 3 Kanälen, Grau bei 1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="163"/>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="165"/>
        <source>Resize:</source>
        <translation>Skalierung:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="167"/>
        <source>Scale:</source>
        <translation>Faktor:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="169"/>
        <source>Layout:</source>
        <translation>Anordnung:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="171"/>
        <source>Mean:</source>
        <translation>Mittelwert:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="173"/>
        <source>Channels:</source>
        <translation>Kanäle:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="175"/>
        <source>Std:</source>
        <translation>Std.-Abw.:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="198"/>
        <source>Give both the width and the height of the images, or neither.</source>
        <translation>Geben Sie Breite und Höhe der Bilder an, oder keines von beiden.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="207"/>
        <source>The image scale &apos;%1&apos; is not a positive number or 1/N.</source>
        <translation>Der Bildfaktor „%1“ ist keine positive Zahl und nicht 1/N.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="212"/>
        <source>The image mean &apos;%1&apos; is not a list of numbers.</source>
        <translation>Der Bild-Mittelwert „%1“ ist keine Liste von Zahlen.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="215"/>
        <source>The image std &apos;%1&apos; is not a list of numbers.</source>
        <translation>Die Bild-Standardabweichung „%1“ ist keine Liste von Zahlen.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="242"/>
        <source>1 image</source>
        <translation>1 Bild</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="242"/>
        <source>%1 images</source>
        <translation>%1 Bilder</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="247"/>
        <source>gray</source>
        <translation>Grau</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="249"/>
        <source>%1, resized to %2×%3 (%4), %5, %6 %7[%8] = %9</source>
        <translation>%1, skaliert auf %2×%3 (%4), %5, %6 %7[%8] = %9</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="253"/>
        <source>centre crop</source>
        <translation>Mitte ausgeschnitten</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="253"/>
        <source>stretch</source>
        <translation>gestreckt</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/image_preprocess_box.cpp" line="259"/>
        <source>The images cannot feed this model: %1</source>
        <translation>Die Bilder passen nicht als Eingabe dieses Modells: %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::InputShapeDialog</name>
    <message>
        <location filename="../ui/panels/input_shape_dialog.cpp" line="54"/>
        <source>Input Shapes of %1</source>
        <translation>Eingabeformen von %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/input_shape_dialog.cpp" line="55"/>
        <source>This model has inputs with free dimensions. Choose the sizes to measure with; they are remembered for this model file and can be changed in the Runs panel.</source>
        <translation>Dieses Modell hat Eingänge mit freien Dimensionen. Wählen Sie die Größen für die Messung; sie werden für diese Modelldatei gespeichert und lassen sich im Bereich „Läufe“ ändern.</translation>
    </message>
    <message>
        <location filename="../ui/panels/input_shape_dialog.cpp" line="70"/>
        <source>Declared shape: %1</source>
        <translation>Deklarierte Form: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/input_shape_dialog.cpp" line="71"/>
        <source>%1 (%2):</source>
        <translation>%1 (%2):</translation>
    </message>
</context>
<context>
    <name>qs::ui::LegendWidget</name>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="81"/>
        <source>log scale</source>
        <translation>logarithmische Skala</translation>
    </message>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="85"/>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <location filename="../ui/graph/legend_widget.cpp" line="104"/>
        <source>float&amp;nbsp;&amp;#8596;&amp;nbsp;integer&amp;nbsp;edge</source>
        <translation>Gleitkomma&amp;nbsp;&amp;#8596;&amp;nbsp;Ganzzahl-Kante</translation>
    </message>
</context>
<context>
    <name>qs::ui::LoadWorker</name>
    <message>
        <location filename="../ui/workers/load_worker.cpp" line="51"/>
        <location filename="../ui/workers/load_worker.cpp" line="57"/>
        <location filename="../ui/workers/loaded_model.cpp" line="48"/>
        <source>Laying out the graph</source>
        <translation>Graph wird angeordnet</translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="28"/>
        <source>Reading and checking the model</source>
        <translation>Modell wird gelesen und geprüft</translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="40"/>
        <source>Analysing quantization</source>
        <translation>Quantisierung wird analysiert</translation>
    </message>
    <message>
        <location filename="../ui/workers/loaded_model.cpp" line="53"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
</context>
<context>
    <name>qs::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="301"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="302"/>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="304"/>
        <source>Open an ONNX model</source>
        <translation>Ein ONNX-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="305"/>
        <source>Open &amp;Pair (FP32 + INT8)...</source>
        <translation>&amp;Paar öffnen (FP32 + INT8)...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="307"/>
        <source>Open a float model and its quantized version side by side</source>
        <translation>Ein Gleitkomma-Modell und seine quantisierte Fassung nebeneinander öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="309"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="329"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="337"/>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="341"/>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="379"/>
        <source>&amp;Benchmark</source>
        <translation>Bench&amp;mark</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="384"/>
        <source>Choose Run &amp;Folder...</source>
        <translation>Lauf&amp;ordner wählen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="385"/>
        <source>Show &amp;Graph</source>
        <translation>&amp;Graph zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="387"/>
        <source>Show R&amp;esults</source>
        <translation>&amp;Ergebnisse zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="402"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="326"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="88"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="89"/>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="90"/>
        <source>The model&apos;s graph (Alt+G)</source>
        <translation>Der Graph des Modells (Alt+G)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="91"/>
        <source>Charts, statistics and findings of the selected run (Alt+E)</source>
        <translation>Diagramme, Statistiken und Befunde des gewählten Laufs (Alt+E)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="105"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="106"/>
        <location filename="../ui/main_window.cpp" line="415"/>
        <source>Stop loading; the model shown now stays open</source>
        <translation>Laden abbrechen; das jetzt gezeigte Modell bleibt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="123"/>
        <location filename="../ui/main_window.cpp" line="363"/>
        <source>Stop quantizing; nothing is written</source>
        <translation>Quantisieren abbrechen; es wird nichts geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="151"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="233"/>
        <source>Open an ONNX model with Ctrl+O or drop one on the window.</source>
        <translation>Öffnen Sie ein ONNX-Modell mit Strg+O oder legen Sie eines im Fenster ab.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="253"/>
        <source>Model Summary</source>
        <translation>Modellübersicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="254"/>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="255"/>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="259"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="96"/>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="97"/>
        <source>Two runs or scenarios side by side, with the bootstrap interval (Alt+C)</source>
        <translation>Zwei Läufe oder Szenarien nebeneinander, mit dem Bootstrap-Intervall (Alt+C)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="260"/>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="263"/>
        <source>Hotspots</source>
        <translation>Hotspots</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="270"/>
        <source>Targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="273"/>
        <source>Parity</source>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="345"/>
        <source>Show Tar&amp;gets</source>
        <translation>Ziele &amp;anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="353"/>
        <source>Where the model runs, falls back to the CPU provider, or cannot load</source>
        <translation>Wo das Modell läuft, auf den CPU-Provider ausweicht oder nicht geladen werden kann</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="356"/>
        <source>&amp;Model</source>
        <translation>M&amp;odell</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="358"/>
        <source>&amp;Quantize...</source>
        <translation>&amp;Quantisieren...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="361"/>
        <source>Write an INT8 version of the open FP32 model and open it beside the original</source>
        <translation>Eine INT8-Fassung des geöffneten FP32-Modells schreiben und neben dem Original öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="362"/>
        <source>&amp;Cancel Quantizing</source>
        <translation>Quantisieren &amp;abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="389"/>
        <source>Show &amp;Compare</source>
        <translation>&amp;Vergleich zeigen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="403"/>
        <source>&amp;About Quantscope</source>
        <translation>Ü&amp;ber Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="404"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="418"/>
        <source>Working...</source>
        <translation>In Arbeit...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="425"/>
        <location filename="../ui/main_window.cpp" line="433"/>
        <source>Opening %1...</source>
        <translation>%1 wird geöffnet...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="432"/>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="442"/>
        <source>Open ONNX Model</source>
        <translation>ONNX-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="453"/>
        <source>Open Pair: the FP32 Model</source>
        <translation>Paar öffnen: das FP32-Modell</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="457"/>
        <source>Open Pair: the Quantized (INT8) Model</source>
        <translation>Paar öffnen: das quantisierte (INT8-)Modell</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="470"/>
        <source>Export Graph as SVG</source>
        <translation>Graph als SVG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="470"/>
        <source>Export Graph as PNG</source>
        <translation>Graph als PNG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="472"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Zeichnungen (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="472"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="477"/>
        <source>Quantscope could not export the graph to %1.</source>
        <translation>Quantscope konnte den Graphen nicht nach %1 exportieren.</translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation type="vanished">Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="479"/>
        <source>Exported the graph to %1.</source>
        <translation>Graph nach %1 exportiert.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="502"/>
        <source>Graph laid out again.</source>
        <translation>Graph neu angeordnet.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="502"/>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="524"/>
        <source>%1 · %2 nodes · %3 boundaries · layout %4 ms</source>
        <translation>%1 · %2 Knoten · %3 Grenzen · Layout %4 ms</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="579"/>
        <source>Could not open %1.</source>
        <translation>%1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Could Not Open Model</source>
        <translation type="vanished">Öffnen fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="584"/>
        <source>Quantscope could not open %1.</source>
        <translation>Quantscope konnte %1 nicht öffnen.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="612"/>
        <source>%1 + %2 (pair)</source>
        <translation>%1 + %2 (Paar)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="613"/>
        <source>%1 (session)</source>
        <translation>%1 (Sitzung)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="615"/>
        <source> + </source>
        <translation> + </translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="627"/>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="642"/>
        <source>%1 vs %2</source>
        <translation>%1 gegenüber %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="649"/>
        <source>%1[*] · %2</source>
        <translation>%1[*] · %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="650"/>
        <source>Quantscope</source>
        <translation>Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="650"/>
        <source>%1 — Quantscope</source>
        <translation>%1 — Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="753"/>
        <source>The graph shows another model: open %1 to see this profile on its graph.</source>
        <translation>Der Graph zeigt ein anderes Modell: öffnen Sie %1, um dieses Profil auf seinem Graphen zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="762"/>
        <source>Graph coloured by the mean time per node of %1.</source>
        <translation>Graph nach der mittleren Zeit pro Knoten von %1 gefärbt.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="775"/>
        <source>Quantizing failed.</source>
        <translation>Quantisieren fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Could Not Quantize</source>
        <translation type="vanished">Quantisieren fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="778"/>
        <source>Quantscope could not write the INT8 model.</source>
        <translation>Quantscope konnte das INT8-Modell nicht schreiben.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="783"/>
        <source>About Quantscope</source>
        <translation>Über Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="784"/>
        <source>&lt;h3&gt;Quantscope %1&lt;/h3&gt;&lt;p&gt;Is INT8 faster than FP32 for this ONNX model on this machine, and if not, why?&lt;/p&gt;&lt;p&gt;Git revision %2. Built with Qt %3; graph layout by Graphviz; ONNX schemas from libonnx.&lt;/p&gt;&lt;p&gt;Licensed under the MIT license.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Quantscope %1&lt;/h3&gt;&lt;p&gt;Ist INT8 für dieses ONNX-Modell auf dieser Maschine schneller als FP32, und wenn nicht, warum?&lt;/p&gt;&lt;p&gt;Git-Revision %2. Gebaut mit Qt %3; Graph-Layout von Graphviz; ONNX-Schemas aus libonnx.&lt;/p&gt;&lt;p&gt;Lizenziert unter der MIT-Lizenz.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="394"/>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="395"/>
        <source>&amp;Runtimes...</source>
        <translation>&amp;Laufzeitumgebungen...</translation>
    </message>
    <message>
        <source>%1 nodes · %2 boundaries · layout %3 ms</source>
        <translation type="vanished">%1 Knoten · %2 Grenzen · Layout %3 ms</translation>
    </message>
</context>
<context>
    <name>qs::ui::MessageBox</name>
    <message>
        <location filename="../ui/dialogs/message_box.cpp" line="10"/>
        <source>Quantscope</source>
        <translation>Quantscope</translation>
    </message>
</context>
<context>
    <name>qs::ui::MetricOverlay</name>
    <message>
        <location filename="../ui/graph/metric_overlay.cpp" line="40"/>
        <source>Mean time per run</source>
        <translation>Mittlere Zeit pro Lauf</translation>
    </message>
    <message>
        <location filename="../ui/graph/metric_overlay.cpp" line="41"/>
        <source>Share of the total time</source>
        <translation>Anteil an der Gesamtzeit</translation>
    </message>
    <message>
        <location filename="../ui/graph/metric_overlay.cpp" line="75"/>
        <source>SQNR of the quantized model</source>
        <translation>SQNR des quantisierten Modells</translation>
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
        <location filename="../ui/graph/node_item.cpp" line="157"/>
        <source>%n Q/DQ node(s) collapsed into this one</source>
        <translation>
            <numerusform>%n Q/DQ-Knoten in diesen zusammengefaltet</numerusform>
            <numerusform>%n Q/DQ-Knoten in diesen zusammengefaltet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/graph/node_item.cpp" line="161"/>
        <source>%n constant input(s) folded into this node (see Properties)</source>
        <translation>
            <numerusform>%n konstante Eingabe in diesen Knoten eingefaltet (siehe Eigenschaften)</numerusform>
            <numerusform>%n konstante Eingaben in diesen Knoten eingefaltet (siehe Eigenschaften)</numerusform>
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
    <name>qs::ui::NodeTimes</name>
    <message>
        <location filename="../ui/graph/node_times.cpp" line="39"/>
        <source>No time measured for this node in the profile</source>
        <translation>Keine gemessene Zeit für diesen Knoten im Profil</translation>
    </message>
    <message>
        <location filename="../ui/graph/node_times.cpp" line="40"/>
        <source>%1 per run · %2 of the total</source>
        <translation>%1 pro Lauf · %2 der Gesamtzeit</translation>
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
        <location filename="../ui/models/op_count_model.cpp" line="131"/>
        <source>Operator kind, coloured as in the graph</source>
        <translation>Art des Operators, gefärbt wie im Graphen</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="133"/>
        <source>Nodes of this type in the FP32 model</source>
        <translation>Knoten dieses Typs im FP32-Modell</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="133"/>
        <source>Nodes of this type in the model</source>
        <translation>Knoten dieses Typs im Modell</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="135"/>
        <source>Nodes of this type in the quantized model</source>
        <translation>Knoten dieses Typs im quantisierten Modell</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="137"/>
        <source>Change from the FP32 model to the quantized model</source>
        <translation>Änderung vom FP32-Modell zum quantisierten Modell</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="146"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="148"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="150"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/models/op_count_model.cpp" line="150"/>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
</context>
<context>
    <name>qs::ui::OpTypeComparisonModel</name>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="61"/>
        <source>All kernels</source>
        <translation>Alle Kernel</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="131"/>
        <source>A: %1 node(s), B: %2 node(s)</source>
        <translation>A: %1 Knoten, B: %2 Knoten</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="133"/>
        <source>Only B runs this op type</source>
        <translation>Nur B führt diesen Operatortyp aus</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="133"/>
        <source>Only A runs this op type</source>
        <translation>Nur A führt diesen Operatortyp aus</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="146"/>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="148"/>
        <source>A ms</source>
        <translation>A ms</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="150"/>
        <source>B ms</source>
        <translation>B ms</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="152"/>
        <source>B − A ms</source>
        <translation>B − A ms</translation>
    </message>
    <message>
        <location filename="../ui/models/op_type_comparison_model.cpp" line="154"/>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
</context>
<context>
    <name>qs::ui::OperatorsPanel</name>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="46"/>
        <source>Double-click an operator to find it in the graph</source>
        <translation>Doppelklick auf einen Operator sucht ihn im Graphen</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="76"/>
        <source>%1 → %2 nodes (%3%4, ×%5)</source>
        <translation>%1 → %2 Knoten (%3%4, ×%5)</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="83"/>
        <source>%1 nodes, %2 operator types</source>
        <translation>%1 Knoten, %2 Operatortypen</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="113"/>
        <source>Open a model to see its operators</source>
        <translation>Öffnen Sie ein Modell, um seine Operatoren zu sehen</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="120"/>
        <source>Most frequent operators: FP32 vs quantized</source>
        <translation>Häufigste Operatoren: FP32 gegenüber quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="120"/>
        <source>Most frequent operators</source>
        <translation>Häufigste Operatoren</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="122"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="122"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/operators_panel.cpp" line="124"/>
        <source>Quantized</source>
        <translation>Quantisiert</translation>
    </message>
</context>
<context>
    <name>qs::ui::ParityPanel</name>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="56"/>
        <source>Check &amp;Parity</source>
        <translation>&amp;Übereinstimmung prüfen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="57"/>
        <source>Run the FP32 and the quantized model of the open pair on the same inputs and compare their outputs and every tensor they share</source>
        <translation>Das FP32- und das quantisierte Modell des geöffneten Paars mit denselben Eingaben ausführen und ihre Ausgaben und alle gemeinsamen Tensoren vergleichen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="63"/>
        <source>Random inputs</source>
        <translation>Zufallseingaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="64"/>
        <location filename="../ui/panels/parity_panel.cpp" line="73"/>
        <source>Folder of samples</source>
        <translation>Ordner mit Stichproben</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="65"/>
        <source>Seeded uniform [0, 1) inputs, or a folder with test_data_set_*/input_0.pb, .pb or .npy files (one sample each)</source>
        <translation>Gleichverteilte Eingaben in [0, 1) mit festem Startwert, oder ein Ordner mit test_data_set_*/input_0.pb, .pb- oder .npy-Dateien (je eine Stichprobe)</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="70"/>
        <source> samples</source>
        <translation> Stichproben</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="71"/>
        <source>How many random samples both models run (two model runs each)</source>
        <translation>Wie viele Zufallsstichproben beide Modelle ausführen (je zwei Modellläufe)</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="77"/>
        <source>Choose the folder of samples</source>
        <translation>Ordner mit Stichproben wählen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="79"/>
        <source>Folder of Samples</source>
        <translation>Ordner mit Stichproben</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="91"/>
        <source>Check Parity</source>
        <translation>Übereinstimmung prüfen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="95"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="96"/>
        <source>Stop the check; the previous result stays</source>
        <translation>Prüfung abbrechen; das vorige Ergebnis bleibt</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="120"/>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="120"/>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="120"/>
        <source>SQNR</source>
        <translation>SQNR</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="120"/>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="120"/>
        <source>Max |Δ|</source>
        <translation>Max. |Δ|</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="120"/>
        <source>Matched by</source>
        <translation>Zugeordnet über</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="122"/>
        <source>An intermediate tensor both models compute, worst SQNR first: where the error enters</source>
        <translation>Ein Zwischentensor, den beide Modelle berechnen, schlechtester SQNR zuerst: wo der Fehler entsteht</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="124"/>
        <source>By name (ONNX Runtime&apos;s quantizer keeps the float names) or by structure (same op type and shape in graph order, for files that rename everything)</source>
        <translation>Über den Namen (der Quantisierer von ONNX Runtime behält die Float-Namen) oder über die Struktur (gleicher Op-Typ und gleiche Form in Graphreihenfolge, für Dateien, die alles umbenennen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="134"/>
        <source>Select a row to show the node that computes the tensor in the graph</source>
        <translation>Eine Zeile wählen, um den Knoten, der den Tensor berechnet, im Graphen zu zeigen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="137"/>
        <source>Colour Graph by SQNR</source>
        <translation>Graph nach SQNR färben</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="139"/>
        <source>Colour the graph&apos;s nodes by the SQNR of the tensor each computes (low is hot)</source>
        <translation>Die Knoten des Graphen nach dem SQNR des Tensors färben, den sie berechnen (niedrig ist heiß)</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="141"/>
        <source>Save JSON…</source>
        <translation>JSON speichern…</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="142"/>
        <source>Write the whole report, every layer included, as quantscope-cli parity --json does</source>
        <translation>Den ganzen Bericht mit allen Schichten schreiben, wie quantscope-cli parity --json</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="146"/>
        <source>Inputs:</source>
        <translation>Eingaben:</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="178"/>
        <source>%1: %2 of %3 runs</source>
        <translation>%1: %2 von %3 Läufen</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="196"/>
        <source>Parity check cancelled.</source>
        <translation>Übereinstimmungsprüfung abgebrochen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="246"/>
        <source>Open an FP32 and a quantized model as a pair (File → Open Pair) to check parity.</source>
        <translation>Öffnen Sie ein FP32- und ein quantisiertes Modell als Paar (Datei → Paar öffnen), um die Übereinstimmung zu prüfen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="250"/>
        <source>Choose a folder of samples, or use random inputs.</source>
        <translation>Wählen Sie einen Ordner mit Stichproben, oder verwenden Sie Zufallseingaben.</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="259"/>
        <source>Starting</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="293"/>
        <source>Check how far the quantized model&apos;s outputs stray from the FP32 model&apos;s.</source>
        <translation>Prüfen, wie weit die Ausgaben des quantisierten Modells von denen des FP32-Modells abweichen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="294"/>
        <source>Open an FP32 and a quantized model as a pair to check parity.</source>
        <translation>Öffnen Sie ein FP32- und ein quantisiertes Modell als Paar, um die Übereinstimmung zu prüfen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="304"/>
        <source>1 sample</source>
        <translation>1 Stichprobe</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="304"/>
        <source>%1 samples</source>
        <translation>%1 Stichproben</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="306"/>
        <source>&lt;b style=&apos;color:#2b8a3e&apos;&gt;Pass&lt;/b&gt;: every output of %1 is within the thresholds against %2 (%3, %4).</source>
        <translation>&lt;b style=&apos;color:#2b8a3e&apos;&gt;Bestanden&lt;/b&gt;: jede Ausgabe von %1 liegt gegenüber %2 innerhalb der Schwellen (%3, %4).</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="309"/>
        <source>&lt;b style=&apos;color:#c92a2a&apos;&gt;Fail&lt;/b&gt;: %1 of %2 outputs of %3 are below the thresholds against %4 (%5, %6).</source>
        <translation>&lt;b style=&apos;color:#c92a2a&apos;&gt;Nicht bestanden&lt;/b&gt;: %1 von %2 Ausgaben von %3 liegen gegenüber %4 unter den Schwellen (%5, %6).</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="331"/>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="331"/>
        <source>identical</source>
        <translation>identisch</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="334"/>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="334"/>
        <source>structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="345"/>
        <source>FP32: %1
Quantized: %2</source>
        <translation>FP32: %1
Quantisiert: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="378"/>
        <source>Save Parity Report</source>
        <translation>Übereinstimmungsbericht speichern</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="378"/>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="385"/>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/parity_panel.cpp" line="388"/>
        <source>Parity report written to %1.</source>
        <translation>Übereinstimmungsbericht nach %1 geschrieben.</translation>
    </message>
</context>
<context>
    <name>qs::ui::ParityTable</name>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="71"/>
        <source>SQNR %1 dB &lt; %2 dB</source>
        <translation>SQNR %1 dB &lt; %2 dB</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="73"/>
        <source>cosine %1 &lt; %2</source>
        <translation>Kosinus %1 &lt; %2</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="75"/>
        <source>max |Δ| %1 &gt; %2</source>
        <translation>max. |Δ| %1 &gt; %2</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="77"/>
        <source>mean |Δ| %1 &gt; %2</source>
        <translation>mittleres |Δ| %1 &gt; %2</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="87"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="87"/>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="87"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="87"/>
        <source>SQNR</source>
        <translation>SQNR</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="87"/>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="88"/>
        <source>Max |Δ|</source>
        <translation>Max. |Δ|</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="88"/>
        <source>Mean |Δ|</source>
        <translation>Mittl. |Δ|</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="88"/>
        <source>Top-1</source>
        <translation>Top-1</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="88"/>
        <source>Top-5</source>
        <translation>Top-5</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="88"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="91"/>
        <source>Signal-to-quantization-noise ratio: 10·log10(Σ reference² / Σ (reference − model)²); higher is better, scale-free</source>
        <translation>Signal-Quantisierungsrausch-Verhältnis: 10·log10(Σ Referenz² / Σ (Referenz − Modell)²); höher ist besser, skalenunabhängig</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="94"/>
        <source>Cosine similarity of the two outputs; 1 is identical</source>
        <translation>Kosinus-Ähnlichkeit der beiden Ausgaben; 1 ist identisch</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="95"/>
        <source>Largest absolute difference of one element</source>
        <translation>Größte absolute Abweichung eines Elements</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="96"/>
        <source>Mean absolute difference over all elements</source>
        <translation>Mittlere absolute Abweichung über alle Elemente</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="98"/>
        <source>Classifier outputs: share of samples whose top class is the FP32 model&apos;s</source>
        <translation>Klassifikator-Ausgaben: Anteil der Stichproben, deren wahrscheinlichste Klasse die des FP32-Modells ist</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="101"/>
        <source>Classifier outputs: share of samples where the FP32 model&apos;s top class is among the five largest</source>
        <translation>Klassifikator-Ausgaben: Anteil der Stichproben, bei denen die wahrscheinlichste Klasse des FP32-Modells unter den fünf größten ist</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="104"/>
        <source>Pass or fail against the thresholds stated below</source>
        <translation>Bestanden oder nicht bestanden nach den unten genannten Schwellen</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="125"/>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="125"/>
        <source>identical</source>
        <translation>identisch</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="127"/>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="127"/>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="140"/>
        <source>Below the thresholds</source>
        <translation>Unter den Schwellen</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="149"/>
        <source>Pass: SQNR ≥ %1 dB and cosine ≥ %2 for every output over the same inputs</source>
        <translation>Bestanden: SQNR ≥ %1 dB und Kosinus ≥ %2 für jede Ausgabe über dieselben Eingaben</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="152"/>
        <source>, max |Δ| ≤ %1</source>
        <translation>, max. |Δ| ≤ %1</translation>
    </message>
    <message>
        <location filename="../ui/util/parity_table.cpp" line="154"/>
        <source>, mean |Δ| ≤ %1</source>
        <translation>, mittleres |Δ| ≤ %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::ParityWorker</name>
    <message>
        <location filename="../ui/workers/parity_worker.cpp" line="17"/>
        <source>Parity needs an FP32 and a quantized model open as a pair.</source>
        <translation>Die Übereinstimmungsprüfung braucht ein FP32- und ein quantisiertes Modell, als Paar geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/workers/parity_worker.cpp" line="18"/>
        <source>Reading the inputs</source>
        <translation>Eingaben werden gelesen</translation>
    </message>
    <message>
        <location filename="../ui/workers/parity_worker.cpp" line="21"/>
        <source>Inputs &apos;%1&apos;: %2</source>
        <translation>Eingaben &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <location filename="../ui/workers/parity_worker.cpp" line="25"/>
        <source>Comparing</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location filename="../ui/workers/parity_worker.cpp" line="39"/>
        <source>Could not check parity: %1</source>
        <translation>Übereinstimmung konnte nicht geprüft werden: %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::PdfReport</name>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="150"/>
        <location filename="../ui/report/report_exporter.cpp" line="38"/>
        <source>Quantscope benchmark report</source>
        <translation>Quantscope-Benchmarkbericht</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="151"/>
        <source>Recorded %1 by %2</source>
        <translation>Aufgezeichnet %1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="155"/>
        <source>This run was cancelled before it finished; partial scenarios are marked.</source>
        <translation>Dieser Lauf wurde vor seinem Ende abgebrochen; unvollständige Szenarien sind markiert.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="159"/>
        <source>Warnings: the run went on without what these name.</source>
        <translation>Warnungen: Der Lauf ging ohne das weiter, was sie nennen.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="165"/>
        <source>Machine and how it was measured</source>
        <translation>Maschine und Messverfahren</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="171"/>
        <source>Top findings</source>
        <translation>Wichtigste Befunde</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="173"/>
        <source>No finding: nothing in this run matched a known cause of slow INT8.</source>
        <translation>Kein Befund: Nichts in diesem Lauf passte zu einer bekannten Ursache für langsames INT8.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="186"/>
        <source>(%1 more lines in the Findings section)</source>
        <translation>(%1 weitere Zeilen im Abschnitt „Befunde“)</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="192"/>
        <source>%1 more findings, and the advice for each, in the Findings section.</source>
        <translation>%1 weitere Befunde und zu jedem die Empfehlung im Abschnitt „Befunde“.</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="200"/>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="218"/>
        <source>Figure %1: %2</source>
        <translation>Abbildung %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/report/pdf_report.cpp" line="291"/>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
</context>
<context>
    <name>qs::ui::PropertiesPanel</name>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="52"/>
        <source>, ... (%1 values)</source>
        <translation>, ... (%1 Werte)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="97"/>
        <source>Click a node in the graph to see its operator documentation, attributes, tensors, quantization parameters and weight statistics.</source>
        <translation>Klicken Sie auf einen Knoten im Graphen, um Dokumentation, Attribute, Tensoren, Quantisierungsparameter und Gewichtsstatistik seines Operators zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="114"/>
        <source>Measured time</source>
        <translation>Gemessene Zeit</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="119"/>
        <source>The profile has no time for this node: the runtime fused it into another kernel or did not run it.</source>
        <translation>Das Profil enthält keine Zeit für diesen Knoten: Die Laufzeitumgebung hat ihn mit einem anderen Kernel verschmolzen oder nicht ausgeführt.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="122"/>
        <source>Mean time per run</source>
        <translation>Mittlere Zeit pro Lauf</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="122"/>
        <source>Share of the total</source>
        <translation>Anteil an der Gesamtzeit</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="124"/>
        <source>of %1</source>
        <translation>von %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="126"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="146"/>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="147"/>
        <source>Opset</source>
        <translation>Opset</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="149"/>
        <source>Definition</source>
        <translation>Definition</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="149"/>
        <source>since opset %1</source>
        <translation>seit Opset %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="155"/>
        <source>Documentation (Quantscope&apos;s summary; libonnx has no schema)</source>
        <translation>Dokumentation (Zusammenfassung von Quantscope; libonnx hat kein Schema)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="156"/>
        <source>Documentation (ONNX schema)</source>
        <translation>Dokumentation (ONNX-Schema)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="160"/>
        <source>Documentation</source>
        <translation>Dokumentation</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="160"/>
        <source>No schema is known for this operator.</source>
        <translation>Für diesen Operator ist kein Schema bekannt.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="164"/>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="186"/>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="186"/>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="193"/>
        <source>(omitted)</source>
        <translation>(ausgelassen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="202"/>
        <source>constant</source>
        <translation>Konstante</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="220"/>
        <source>Input %1</source>
        <translation>Eingabe %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="221"/>
        <source>min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="222"/>
        <source>max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="222"/>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="222"/>
        <source>std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="223"/>
        <source>sparsity</source>
        <translation>Dünnbesetztheit</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="224"/>
        <source>elements</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="232"/>
        <location filename="../ui/panels/properties_panel.cpp" line="235"/>
        <source>Quantization parameters</source>
        <translation>Quantisierungsparameter</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="236"/>
        <source>Not constants in the file: other nodes compute them at run time.</source>
        <translation>Keine Konstanten in der Datei: andere Knoten berechnen sie zur Laufzeit.</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="238"/>
        <source>Weight statistics</source>
        <translation>Gewichtsstatistik</translation>
    </message>
    <message>
        <location filename="../ui/panels/properties_panel.cpp" line="240"/>
        <source>Node documentation</source>
        <translation>Knotendokumentation</translation>
    </message>
</context>
<context>
    <name>qs::ui::QuantFormat</name>
    <message>
        <location filename="../ui/util/quant_format_text.cpp" line="14"/>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <location filename="../ui/util/quant_format_text.cpp" line="16"/>
        <source>dynamic</source>
        <translation>dynamisch</translation>
    </message>
    <message>
        <location filename="../ui/util/quant_format_text.cpp" line="18"/>
        <source>qdq</source>
        <translation>qdq</translation>
    </message>
    <message>
        <location filename="../ui/util/quant_format_text.cpp" line="20"/>
        <source>qoperator</source>
        <translation>qoperator</translation>
    </message>
    <message>
        <location filename="../ui/util/quant_format_text.cpp" line="22"/>
        <source>mixed</source>
        <translation>gemischt</translation>
    </message>
</context>
<context>
    <name>qs::ui::QuantizeCoordinator</name>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="26"/>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="37"/>
        <source>Quantizing cancelled; nothing was written.</source>
        <translation>Quantisieren abgebrochen; es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="73"/>
        <source>A model is being quantized; wait for it or cancel it first.</source>
        <translation>Es wird gerade ein Modell quantisiert; warten Sie darauf oder brechen Sie es zuerst ab.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="77"/>
        <source>The FP32 model %1 of this run is not there any more.</source>
        <translation>Das FP32-Modell %1 dieses Laufs ist nicht mehr vorhanden.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="100"/>
        <source>Quantizing %1...</source>
        <translation>%1 wird quantisiert...</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="112"/>
        <source>%1 Wrote %2.</source>
        <translation>%1 %2 geschrieben.</translation>
    </message>
    <message>
        <source>Quantized</source>
        <translation type="vanished">Quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="116"/>
        <source>Wrote %1 (%2).</source>
        <translation>%1 geschrieben (%2).</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_coordinator.cpp" line="123"/>
        <source>The details say which nodes and why.</source>
        <translation>Die Details nennen die Knoten und den Grund.</translation>
    </message>
</context>
<context>
    <name>qs::ui::QuantizeDialog</name>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="96"/>
        <source>Quantize %1</source>
        <translation>%1 quantisieren</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="110"/>
        <source>Writes an INT8 version of &lt;b&gt;%1&lt;/b&gt; in the node patterns of ONNX Runtime&apos;s quantizer and opens it beside the original.</source>
        <translation>Schreibt eine INT8-Fassung von &lt;b&gt;%1&lt;/b&gt; in den Knotenmustern des Quantisierers von ONNX Runtime und öffnet sie neben dem Original.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="118"/>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="121"/>
        <source>Static QDQ</source>
        <translation>Statisch QDQ</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="123"/>
        <source>QuantizeLinear/DequantizeLinear pairs around the quantized ops; ranges come from a calibration pass. Runtimes fuse each group into an integer kernel.</source>
        <translation>QuantizeLinear/DequantizeLinear-Paare um die quantisierten Operatoren; die Wertebereiche stammen aus einem Kalibrierungsdurchlauf. Laufzeitumgebungen verschmelzen jede Gruppe zu einem Ganzzahl-Kernel.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="126"/>
        <source>Static QOperator</source>
        <translation>Statisch QOperator</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="128"/>
        <source>QLinearConv/QLinearMatMul on the integer tensors, QuantizeLinear/DequantizeLinear only where float ops meet them; ranges come from a calibration pass.</source>
        <translation>QLinearConv/QLinearMatMul auf den Ganzzahl-Tensoren, QuantizeLinear/DequantizeLinear nur dort, wo Float-Operatoren auf sie treffen; die Wertebereiche stammen aus einem Kalibrierungsdurchlauf.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="131"/>
        <source>Dynamic</source>
        <translation>Dynamisch</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="133"/>
        <source>DynamicQuantizeLinear before ConvInteger/MatMulInteger: activation ranges are measured on every run, so no calibration data is needed. Meant for MatMul-heavy models.</source>
        <translation>DynamicQuantizeLinear vor ConvInteger/MatMulInteger: die Wertebereiche der Aktivierungen werden bei jedem Lauf gemessen, daher sind keine Kalibrierungsdaten nötig. Gedacht für MatMul-lastige Modelle.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="136"/>
        <source>How the INT8 model is written (quantscope-cli quantize --format)</source>
        <translation>Wie das INT8-Modell geschrieben wird (quantscope-cli quantize --format)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="137"/>
        <source>Per-channel weights</source>
        <translation>Gewichte pro Kanal</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="139"/>
        <source>One weight scale per output channel instead of one per tensor: more accurate, and needs symmetric weights</source>
        <translation>Ein Gewichtsskalenfaktor pro Ausgabekanal statt einer pro Tensor: genauer, und verlangt symmetrische Gewichte</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="141"/>
        <source>Reduce range (7-bit weights)</source>
        <translation>Reduzierter Bereich (7-Bit-Gewichte)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="143"/>
        <source>Weights in 7 bits, for CPUs without VNNI whose u8*s8 multiply-add sums pairs into saturating 16-bit integers</source>
        <translation>Gewichte in 7 Bit, für CPUs ohne VNNI, deren u8*s8-Multiplizier-Addier-Befehl Paare in sättigende 16-Bit-Ganzzahlen summiert</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="146"/>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="151"/>
        <source>Types</source>
        <translation>Typen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="156"/>
        <source>The type of the quantized weights; x86-64 integer kernels multiply uint8 activations by int8 weights</source>
        <translation>Der Typ der quantisierten Gewichte; x86-64-Ganzzahl-Kernels multiplizieren uint8-Aktivierungen mit int8-Gewichten</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="163"/>
        <source>The type of the quantized activations; int8 needs a static format and int8 weights</source>
        <translation>Der Typ der quantisierten Aktivierungen; int8 verlangt ein statisches Format und int8-Gewichte</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="166"/>
        <source>By type (int8 symmetric, uint8 not)</source>
        <translation>Nach Typ (int8 symmetrisch, uint8 nicht)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="167"/>
        <source>Symmetric</source>
        <translation>Symmetrisch</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="168"/>
        <source>Asymmetric</source>
        <translation>Asymmetrisch</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="169"/>
        <source>Symmetric weights have zero point 0 (or 128 for uint8); asymmetric ones use the whole range from the smallest to the largest weight</source>
        <translation>Symmetrische Gewichte haben den Nullpunkt 0 (bzw. 128 bei uint8); asymmetrische nutzen den ganzen Bereich vom kleinsten bis zum größten Gewicht</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="171"/>
        <source>Symmetric activations</source>
        <translation>Symmetrische Aktivierungen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="174"/>
        <source>Activation ranges centred on zero; only the static formats choose activation ranges in advance</source>
        <translation>Wertebereiche der Aktivierungen um null zentriert; nur die statischen Formate legen sie im Voraus fest</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="176"/>
        <source>Weights:</source>
        <translation>Gewichte:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="177"/>
        <source>Activations:</source>
        <translation>Aktivierungen:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="178"/>
        <source>Weight range:</source>
        <translation>Gewichtsbereich:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="182"/>
        <source>Calibration (static formats)</source>
        <translation>Kalibrierung (statische Formate)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="186"/>
        <source>Min/max</source>
        <translation>Min/Max</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="187"/>
        <source>Percentile</source>
        <translation>Perzentil</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="188"/>
        <source>Entropy (KL divergence)</source>
        <translation>Entropie (KL-Divergenz)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="189"/>
        <source>How each activation&apos;s range is chosen from the calibration runs: the observed range, a percentile of |x| (ignores rare outliers), or TensorRT&apos;s entropy threshold</source>
        <translation>Wie der Wertebereich jeder Aktivierung aus den Kalibrierungsläufen gewählt wird: der beobachtete Bereich, ein Perzentil von |x| (ignoriert seltene Ausreißer) oder die Entropie-Schwelle von TensorRT</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="197"/>
        <source>The share of |x| values the range keeps (percentile calibration)</source>
        <translation>Der Anteil der |x|-Werte, den der Bereich behält (Perzentil-Kalibrierung)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="198"/>
        <source>Random samples:</source>
        <translation>Zufallsstichproben:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="200"/>
        <source>Seeded uniform [0, 1) inputs: only right for models whose inputs have that distribution (images scaled to [0, 1])</source>
        <translation>Gleichverteilte Eingaben in [0, 1) mit festem Startwert: nur richtig für Modelle, deren Eingaben so verteilt sind (auf [0, 1] skalierte Bilder)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="206"/>
        <source>How many random inputs the calibration runs the model on</source>
        <translation>Auf wie vielen Zufallseingaben die Kalibrierung das Modell ausführt</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="207"/>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="209"/>
        <source>Real inputs: test_data_set_*/input_K.pb folders, a folder of .pb or .npy files, or a folder of PNG/JPEG images (one sample per file)</source>
        <translation>Echte Eingaben: Ordner test_data_set_*/input_K.pb, ein Ordner mit .pb- oder .npy-Dateien oder ein Ordner mit PNG/JPEG-Bildern (eine Stichprobe pro Datei)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="238"/>
        <source>the format&apos;s default</source>
        <translation>die Vorgabe des Formats</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="239"/>
        <source>The op types to quantize, separated by commas. Empty: the format&apos;s default, as ONNX Runtime&apos;s quantizer has it:
dynamic: Conv, MatMul;
QDQ: also Gemm, Add, Mul, Concat, Sigmoid, LeakyRelu, GlobalAveragePool and the 8-bit
pass-through ops (MaxPool, AveragePool, Resize, Reshape, Transpose, Squeeze, Unsqueeze,
Slice, Split, Gather);
QOperator: the com.microsoft QLinear ops and the pass-through ops.</source>
        <translation>Die zu quantisierenden Op-Typen, durch Kommas getrennt. Leer: die Vorgabe des Formats, wie sie der Quantisierer von ONNX Runtime hat:
dynamisch: Conv, MatMul;
QDQ: außerdem Gemm, Add, Mul, Concat, Sigmoid, LeakyRelu, GlobalAveragePool und die 8-Bit-
Durchreich-Ops (MaxPool, AveragePool, Resize, Reshape, Transpose, Squeeze, Unsqueeze,
Slice, Split, Gather);
QOperator: die QLinear-Ops von com.microsoft und die Durchreich-Ops.</translation>
    </message>
    <message>
        <source>Real inputs: test_data_set_*/input_K.pb folders, or a folder of .pb or .npy files (one sample per file)</source>
        <translation type="vanished">Echte Eingaben: Ordner test_data_set_*/input_K.pb oder ein Ordner mit .pb- oder .npy-Dateien (eine Stichprobe pro Datei)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="214"/>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="264"/>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="219"/>
        <source>Threads for the calibration runs</source>
        <translation>Threads für die Kalibrierungsläufe</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="221"/>
        <source>Method:</source>
        <translation>Methode:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="229"/>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="235"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Conv, MatMul (QDQ also Gemm)</source>
        <translation type="vanished">Conv, MatMul (QDQ auch Gemm)</translation>
    </message>
    <message>
        <source>The op types to quantize, separated by commas; empty: the format&apos;s default</source>
        <translation type="vanished">Die zu quantisierenden Operatortypen, durch Kommas getrennt; leer: die Vorgabe des Formats</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="248"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="249"/>
        <source>Names of nodes to leave in float (sensitive layers), separated by commas</source>
        <translation>Namen der Knoten, die in Float bleiben sollen (empfindliche Schichten), durch Kommas getrennt</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="252"/>
        <source>NAME=1x3x224x224</source>
        <translation>NAME=1x3x224x224</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="253"/>
        <source>Binds free input dimensions for the calibration runs, separated by spaces</source>
        <translation>Legt freie Eingabedimensionen für die Kalibrierungsläufe fest, durch Leerzeichen getrennt</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="255"/>
        <source>Op types:</source>
        <translation>Operatortypen:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="256"/>
        <source>Leave in float:</source>
        <translation>In Float lassen:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="257"/>
        <source>Input shapes:</source>
        <translation>Eingabeformen:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="262"/>
        <source>Where the INT8 model is written; an existing file is replaced only after asking</source>
        <translation>Wohin das INT8-Modell geschrieben wird; eine vorhandene Datei wird erst nach Rückfrage ersetzt</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="267"/>
        <source>Write to:</source>
        <translation>Schreiben nach:</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="280"/>
        <source>&amp;Quantize</source>
        <translation>&amp;Quantisieren</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="281"/>
        <source>Quantize on a background thread; the result opens as a pair beside the original</source>
        <translation>In einem Hintergrund-Thread quantisieren; das Ergebnis öffnet sich als Paar neben dem Original</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="283"/>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="520"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="445"/>
        <source>Will write: %1.</source>
        <translation>Schreibt: %1.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="453"/>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="457"/>
        <source>Choose the folder of calibration inputs, or use random samples.</source>
        <translation>Wählen Sie den Ordner mit Kalibrierungseingaben, oder verwenden Sie Zufallsstichproben.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="459"/>
        <source>The calibration folder %1 does not exist.</source>
        <translation>Der Kalibrierungsordner %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="462"/>
        <source>The calibration folder cannot be used: %1</source>
        <translation>Der Kalibrierungsordner ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="472"/>
        <source>Input shape &apos;%1&apos;: %2</source>
        <translation>Eingabeform „%1“: %2</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="474"/>
        <source>Input shape &apos;%1&apos;: &apos;%2&apos; is not an input of this model.</source>
        <translation>Eingabeform „%1“: „%2“ ist keine Eingabe dieses Modells.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="479"/>
        <source>&apos;%1&apos; (leave in float) is not a node of this model.</source>
        <translation>„%1“ (in Float lassen) ist kein Knoten dieses Modells.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="482"/>
        <source>Choose where to write the INT8 model.</source>
        <translation>Wählen Sie, wohin das INT8-Modell geschrieben wird.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="484"/>
        <source>The INT8 model would replace the FP32 model it is made from; choose another file.</source>
        <translation>Das INT8-Modell würde das FP32-Modell ersetzen, aus dem es entsteht; wählen Sie eine andere Datei.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="486"/>
        <source>%1 is a folder; choose a file name.</source>
        <translation>%1 ist ein Ordner; wählen Sie einen Dateinamen.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="492"/>
        <source>Calibration Data Folder</source>
        <translation>Ordner mit Kalibrierungsdaten</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="502"/>
        <source>Write the INT8 Model to</source>
        <translation>INT8-Modell schreiben nach</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="502"/>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX-Modelle (*.onnx);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Replace File?</source>
        <translation type="vanished">Datei ersetzen?</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="517"/>
        <source>%1 exists. Replace it with the new INT8 model?</source>
        <translation>%1 existiert. Durch das neue INT8-Modell ersetzen?</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/quantize_dialog.cpp" line="519"/>
        <source>&amp;Replace</source>
        <translation>&amp;Ersetzen</translation>
    </message>
</context>
<context>
    <name>qs::ui::QuantizeText</name>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="20"/>
        <source>No node was quantized</source>
        <translation>Kein Knoten wurde quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="20"/>
        <source>Quantized %1</source>
        <translation>Quantisiert: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="22"/>
        <source>calibrated %1 tensors over %2 samples</source>
        <translation>%1 Tensoren über %2 Stichproben kalibriert</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/util/quantize_text.cpp" line="26"/>
        <source>%n node(s) left in float</source>
        <translation>
            <numerusform>%n Knoten in Float geblieben</numerusform>
            <numerusform>%n Knoten in Float geblieben</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="35"/>
        <source>static QDQ</source>
        <translation>statisch QDQ</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="38"/>
        <source>static QOperator</source>
        <translation>statisch QOperator</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="41"/>
        <source>dynamic</source>
        <translation>dynamisch</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="44"/>
        <source>per channel</source>
        <translation>pro Kanal</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="46"/>
        <source>7-bit weights</source>
        <translation>7-Bit-Gewichte</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="48"/>
        <source>%1 weights</source>
        <translation>%1-Gewichte</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="48"/>
        <source>%1 activations</source>
        <translation>%1-Aktivierungen</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="52"/>
        <source>percentile %1 calibration</source>
        <translation>Kalibrierung mit Perzentil %1</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="55"/>
        <source>entropy calibration</source>
        <translation>Entropie-Kalibrierung</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="58"/>
        <source>min/max calibration</source>
        <translation>Min/Max-Kalibrierung</translation>
    </message>
    <message>
        <location filename="../ui/util/quantize_text.cpp" line="107"/>
        <source>Quantize as static QDQ, per channel...</source>
        <translation>Statisch als QDQ quantisieren, pro Kanal...</translation>
    </message>
</context>
<context>
    <name>qs::ui::QuantizeWorker</name>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="24"/>
        <source>These quantization options are refused: %1</source>
        <translation>Diese Quantisierungsoptionen werden abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="29"/>
        <source>Reading %1</source>
        <translation>%1 wird gelesen</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="40"/>
        <source>Reading the calibration data</source>
        <translation>Kalibrierungsdaten werden gelesen</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="44"/>
        <source>Calibration data &apos;%1&apos;: %2</source>
        <translation>Kalibrierungsdaten „%1“: %2</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="51"/>
        <source>Calibrating</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="65"/>
        <source>Could not quantize %1: %2</source>
        <translation>%1 konnte nicht quantisiert werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="70"/>
        <source>Writing %1</source>
        <translation>%1 wird geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/workers/quantize_worker.cpp" line="72"/>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportExporter</name>
    <message>
        <location filename="../ui/report/report_exporter.cpp" line="46"/>
        <source>%1: the PDF could not be written</source>
        <translation>%1: das PDF konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../ui/report/report_exporter.cpp" line="68"/>
        <source>Another report is still being written; cancel it or wait for it.</source>
        <translation>Ein anderer Bericht wird noch geschrieben; brechen Sie ihn ab oder warten Sie, bis er fertig ist.</translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportMarkdown</name>
    <message>
        <source>Findings</source>
        <translation type="vanished">Befunde</translation>
    </message>
    <message>
        <source>No finding: nothing in this run matched a known cause of slow INT8.</source>
        <translation type="vanished">Kein Befund: Nichts in diesem Lauf passte zu einer bekannten Ursache für langsames INT8.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_markdown.cpp" line="37"/>
        <source> (stored English text)</source>
        <translation> (gespeicherter englischer Text)</translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportPanel</name>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="32"/>
        <source>Export Report as &amp;Markdown...</source>
        <translation>Bericht als &amp;Markdown exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="35"/>
        <source>Write the engine&apos;s Markdown report of the selected run (Ctrl+Shift+M)</source>
        <translation>Den Markdown-Bericht der Engine zum gewählten Lauf schreiben (Strg+Umschalt+M)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="37"/>
        <source>Export Report as &amp;PDF...</source>
        <translation>Bericht als &amp;PDF exportieren...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="40"/>
        <source>Write the report with its charts as a PDF (Ctrl+Shift+P)</source>
        <translation>Den Bericht mit seinen Diagrammen als PDF schreiben (Strg+Umschalt+P)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="43"/>
        <source>Copy Report as Mar&amp;kdown</source>
        <translation>Bericht als Markdown &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="46"/>
        <source>Put the Markdown report of the selected run on the clipboard (Ctrl+Shift+C)</source>
        <translation>Den Markdown-Bericht des gewählten Laufs in die Zwischenablage kopieren (Strg+Umschalt+C)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="51"/>
        <source>Copied the report to the clipboard.</source>
        <translation>Bericht in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="60"/>
        <source>Cancel Export</source>
        <translation>Export abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="64"/>
        <source>Stop writing the report; the file already at that path stays as it was (Esc)</source>
        <translation>Das Schreiben des Berichts beenden; die Datei, die schon unter diesem Pfad liegt, bleibt unverändert (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="67"/>
        <source>Cancelling...</source>
        <translation>Wird abgebrochen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="78"/>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="79"/>
        <source>Letter</source>
        <translation>Letter</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="80"/>
        <source>Paper size of the PDF report</source>
        <translation>Papierformat des PDF-Berichts</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="106"/>
        <source>The Markdown report exactly as &apos;quantscope-cli report&apos; writes it</source>
        <translation>Der Markdown-Bericht genau so, wie ihn „quantscope-cli report“ schreibt</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="116"/>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="121"/>
        <source>Export cancelled; %1 was left as it was.</source>
        <translation>Export abgebrochen; %1 bleibt unverändert.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="123"/>
        <source>Export failed; %1 was left as it was.</source>
        <translation>Export fehlgeschlagen; %1 bleibt unverändert.</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation type="vanished">%1 exportiert.</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="119"/>
        <source>Exported the report to %1.</source>
        <translation>Bericht nach %1 exportiert.</translation>
    </message>
    <message>
        <source>Export failed.</source>
        <translation type="vanished">Export fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation type="vanished">Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="124"/>
        <source>Could not write %1:
%2</source>
        <translation>%1 konnte nicht geschrieben werden:
%2</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="154"/>
        <source>&lt;p style=&apos;color:#868e96&apos;&gt;Select a run in the Runs panel to see its report.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#868e96&apos;&gt;Wählen Sie im Bereich „Läufe“ einen Lauf, um seinen Bericht zu sehen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="183"/>
        <source>Export Report as Markdown</source>
        <translation>Bericht als Markdown exportieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="183"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="186"/>
        <location filename="../ui/panels/report_panel.cpp" line="199"/>
        <source>Writing %1...</source>
        <translation>%1 wird geschrieben...</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="196"/>
        <source>Export Report as PDF</source>
        <translation>Bericht als PDF exportieren</translation>
    </message>
    <message>
        <location filename="../ui/panels/report_panel.cpp" line="196"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF-Dokumente (*.pdf)</translation>
    </message>
</context>
<context>
    <name>qs::ui::ReportTables</name>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="26"/>
        <source>Latency (ms)</source>
        <translation>Latenz (ms)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="36"/>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="37"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="40"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="vanished">Median</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="63"/>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="64"/>
        <source>Std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="65"/>
        <source>CV</source>
        <translation>VK</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="66"/>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="67"/>
        <source>P50</source>
        <translation>P50</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="68"/>
        <source>P90</source>
        <translation>P90</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="69"/>
        <source>P95</source>
        <translation>P95</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="70"/>
        <source>P99</source>
        <translation>P99</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="71"/>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="72"/>
        <source>IQR</source>
        <translation>IQR</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="73"/>
        <source>Outliers</source>
        <translation>Ausreißer</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="74"/>
        <source>FPS</source>
        <translation>FPS</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="83"/>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="100"/>
        <source>ISA</source>
        <translation>Befehlssätze</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="102"/>
        <source>OS</source>
        <translation>Betriebssystem</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="106"/>
        <source>This run was cancelled before it finished; partial scenarios are marked.</source>
        <translation>Dieser Lauf wurde vor seinem Ende abgebrochen; unvollständige Szenarien sind markiert.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="111"/>
        <source>Speedup = median FP32 latency / median quantized latency (&gt; 1: quantized is faster); interval: percentile bootstrap of the median ratio.</source>
        <translation>Beschleunigung = Median der FP32-Latenz / Median der quantisierten Latenz (über 1: quantisiert ist schneller); Intervall: Perzentil-Bootstrap des Medianverhältnisses.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="114"/>
        <source>SQNR = 10·log10(Σ reference² / Σ (reference − model)²) over the outputs of the same inputs; pass: SQNR &gt;= 20 dB and cosine &gt;= 0.99 (scale-free, so pixel boxes and tiny logits are judged alike).</source>
        <translation>SQNR = 10·log10(Σ Referenz² / Σ (Referenz − Modell)²) über die Ausgaben derselben Eingaben; bestanden: SQNR ≥ 20 dB und Kosinus ≥ 0,99 (skalenfrei, sodass Pixelboxen und winzige Logits gleich beurteilt werden).</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="121"/>
        <source>No finding: nothing in this run matched a known cause of slow INT8.</source>
        <translation>Kein Befund: Nichts in diesem Lauf passte zu einer bekannten Ursache für langsames INT8.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="122"/>
        <source>The run went on without what these warnings name.</source>
        <translation>Der Lauf ging ohne das weiter, was diese Warnungen nennen.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="123"/>
        <source>The run file stored its findings as English text only (format 1.0): they were derived again from its measurements by this version&apos;s rules.</source>
        <translation>Die Lauf-Datei enthielt ihre Befunde nur als englischen Text (Format 1.0): Sie wurden mit den Regeln dieser Version aus ihren Messwerten neu abgeleitet.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="126"/>
        <source>Statistics: percentiles by linear interpolation (numpy&apos;s default); sample standard deviation; CV = std / mean; Tukey outliers beyond 1.5 IQR; FPS = 1000 / mean ms; histogram bins by Freedman-Diaconis.</source>
        <translation>Statistik: Perzentile durch lineare Interpolation (Standard von numpy); Stichproben-Standardabweichung; VK = Std.-Abw. / Mittel; Ausreißer nach Tukey jenseits von 1,5 IQR; FPS = 1000 / Mittel in ms; Histogrammklassen nach Freedman-Diaconis.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="265"/>
        <source>%1 vs %2</source>
        <translation>%1 gegenüber %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="267"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="25"/>
        <source>Parity</source>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="22"/>
        <source>Quantscope benchmark report</source>
        <translation>Quantscope-Benchmarkbericht</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="24"/>
        <source>INT8 vs FP32</source>
        <translation>INT8 gegenüber FP32</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="32"/>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="33"/>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="35"/>
        <source>How it was measured</source>
        <translation>So wurde gemessen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="48"/>
        <source>Quantized model</source>
        <translation>Quantisiertes Modell</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="49"/>
        <source>FP32 model</source>
        <translation>FP32-Modell</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="50"/>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="51"/>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="52"/>
        <source>95% CI</source>
        <translation>95-%-KI</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="53"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="54"/>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="55"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="56"/>
        <source>SQNR</source>
        <translation>SQNR</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="57"/>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="58"/>
        <source>Max abs error</source>
        <translation>Max. abs. Fehler</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="59"/>
        <source>Mean abs error</source>
        <translation>Mittl. abs. Fehler</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="60"/>
        <source>RMSE</source>
        <translation>RMSE</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="61"/>
        <source>Top-1</source>
        <translation>Top-1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="62"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>%1 dB</source>
        <translation type="vanished">%1 dB</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="95"/>
        <source>identical</source>
        <translation>identisch</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="93"/>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="94"/>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>Pass: SQNR of at least 20 dB and cosine similarity of at least 0.99 over the outputs of the same inputs.</source>
        <translation type="vanished">Bestanden: SQNR von mindestens 20 dB und Kosinus-Ähnlichkeit von mindestens 0,99 über die Ausgaben derselben Eingaben.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="27"/>
        <source>Preparation and memory</source>
        <translation>Vorbereitung und Speicher</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="75"/>
        <source>Preparation ms</source>
        <translation>Vorbereitung ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="76"/>
        <source>First run ms</source>
        <translation>Erster Lauf ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="77"/>
        <source>Warm-up runs</source>
        <translation>Aufwärmläufe</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="78"/>
        <source>Peak RSS MiB</source>
        <translation>Spitzen-RSS MiB</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="79"/>
        <source>Arena MiB</source>
        <translation>Arena MiB</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="28"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="80"/>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="81"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="82"/>
        <source>File size MiB</source>
        <translation>Dateigröße MiB</translation>
    </message>
    <message>
        <source>SHA-256 (start)</source>
        <translation type="vanished">SHA-256 (Anfang)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="84"/>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="29"/>
        <source>Op counts</source>
        <translation>Anzahl pro Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="85"/>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="96"/>
        <source>total</source>
        <translation>gesamt</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="30"/>
        <source>Time per op type</source>
        <translation>Zeit pro Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="287"/>
        <source>Source: %1, %2 profiled runs; %3 ms per run in kernels; quantization overhead %4 ms (%5).</source>
        <translation>Quelle: %1, %2 profilierte Läufe; %3 ms pro Lauf in Kerneln; Quantisierungsaufwand %4 ms (%5).</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="86"/>
        <source>ms per run</source>
        <translation>ms pro Lauf</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="87"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="88"/>
        <source>Slowest nodes</source>
        <translation>Langsamste Knoten</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="269"/>
        <source>(%1 more op types)</source>
        <translation>(%1 weitere Operatortypen)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="271"/>
        <source>(%1 more)</source>
        <translation>(%1 weitere)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="275"/>
        <source> (runtime-created)</source>
        <translation> (von der Laufzeitumgebung erzeugt)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="277"/>
        <source> (reference kernel: %1)</source>
        <translation> (Referenz-Kernel: %1)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="31"/>
        <source>Time per op type, FP32 vs quantized</source>
        <translation>Zeit pro Operatortyp, FP32 gegenüber quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="117"/>
        <source>Per run, from the per-node profiles. Quantized op types are compared with the float op they replace (ConvInteger and QLinearConv with Conv, MatMulInteger and QLinearMatMul with MatMul); a fused step counts for the authored node it is named after. Sorted by the absolute difference.</source>
        <translation>Pro Lauf, aus den Profilen pro Knoten. Quantisierte Operatortypen werden mit dem Gleitkomma-Operator verglichen, den sie ersetzen (ConvInteger und QLinearConv mit Conv, MatMulInteger und QLinearMatMul mit MatMul); ein fusionierter Schritt zählt für den Knoten des Modells, nach dem er benannt ist. Nach dem Betrag des Unterschieds sortiert.</translation>
    </message>
    <message>
        <source>%1 vs %2, %3</source>
        <translation type="vanished">%1 gegen %2, %3</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="89"/>
        <source>FP32 ms</source>
        <translation>FP32 ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="90"/>
        <source>Quantized ms</source>
        <translation>Quantisiert ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="91"/>
        <source>Difference ms</source>
        <translation>Unterschied ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="92"/>
        <source>Quantized / FP32</source>
        <translation>Quantisiert / FP32</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="97"/>
        <source>all kernels</source>
        <translation>alle Kernel</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="234"/>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="236"/>
        <source>partial</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="238"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="23"/>
        <source>Key numbers</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="38"/>
        <source>Median ms</source>
        <translation>Median ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="39"/>
        <source>P95 ms</source>
        <translation>P95 ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="41"/>
        <source>Quantized vs FP32</source>
        <translation>Quantisiert gegen FP32</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="42"/>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="43"/>
        <source>FP32 median ms</source>
        <translation>FP32-Median ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="44"/>
        <source>Quantized median ms</source>
        <translation>Quantisiert-Median ms</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="45"/>
        <source>Speedup</source>
        <translation>Beschleunigung</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="46"/>
        <source>95% interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="47"/>
        <source>Size ratio</source>
        <translation>Größenverhältnis</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="vanished">%1 bis %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="108"/>
        <source>Speedup = median FP32 latency / median quantized latency (above 1: the quantized model is faster); interval: percentile bootstrap of the median ratio.</source>
        <translation>Beschleunigung = Median der FP32-Latenz / Median der quantisierten Latenz (über 1: das quantisierte Modell ist schneller); Intervall: Perzentil-Bootstrap des Medianverhältnisses.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="34"/>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="296"/>
        <source>; %1 activation reorder per run.</source>
        <translation>; %1 Umordnung von Aktivierungen pro Lauf.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="296"/>
        <source>; %1 activation reorders per run.</source>
        <translation>; %1 Umordnungen von Aktivierungen pro Lauf.</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="319"/>
        <source>Threads: %1 (1 thread = controlled, all cores = practical)</source>
        <translation>Threads: %1 (1 Thread = kontrolliert, alle Kerne = praxisnah)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="322"/>
        <source>Modes: %1</source>
        <translation>Modi: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="326"/>
        <source>%1 %2 through the %3 adapter (%4): providers in this build %5; session providers %6; graph optimization `%7`; %8 intra-op / %9 inter-op threads; CPU INT8 features: %10</source>
        <translation>%1 %2 über den %3-Adapter (%4): Provider dieses Builds %5; Provider der Sitzung %6; Graphoptimierung `%7`; %8 Intra-Op- / %9 Inter-Op-Threads; INT8-Funktionen der CPU: %10</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="330"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="332"/>
        <source>Imported ONNX Runtime profiles: latencies are its `model_run` events, kernel times its `*_kernel_time` events; the first %1 run(s) of each profile were skipped</source>
        <translation>Importierte ONNX-Runtime-Profile: Latenzen sind ihre `model_run`-Ereignisse, Kernelzeiten ihre `*_kernel_time`-Ereignisse; die ersten %1 Läufe jedes Profils wurden übersprungen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="336"/>
        <source>Warm-up: %1 runs (the first run after preparation is reported separately)</source>
        <translation>Aufwärmen: %1 Läufe (der erste Lauf nach der Vorbereitung wird getrennt angegeben)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="338"/>
        <source>Profiled runs counted: up to %1 per model</source>
        <translation>Gezählte profilierte Läufe: bis zu %1 pro Modell</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="340"/>
        <source>Measured: as many runs as fit in %1 s per scenario</source>
        <translation>Gemessen: so viele Läufe, wie in %1 s pro Szenario passen</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="342"/>
        <source>Measured: %1 runs per scenario</source>
        <translation>Gemessen: %1 Läufe pro Szenario</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="344"/>
        <source>Input shapes: %1</source>
        <translation>Eingabeformen: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="346"/>
        <source>Per-node profile: %1</source>
        <translation>Profil pro Knoten: %1</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="346"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="346"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="348"/>
        <source>Recorded %1 by %2</source>
        <translation>Aufgezeichnet %1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="371"/>
        <source>%1-%2x</source>
        <comment>an interval of speedups, 1.60-2.40x</comment>
        <translation>%1–%2x</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="421"/>
        <source>Item</source>
        <translation>Merkmal</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="421"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="98"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="99"/>
        <source>Cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="285"/>
        <source>Source: %1, %2 profiled run; %3 ms per run in kernels; quantization overhead %4 ms (%5).</source>
        <translation>Quelle: %1, %2 profilierter Lauf; %3 ms pro Lauf in Kerneln; Quantisierungsaufwand %4 ms (%5).</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="302"/>
        <source>%1 vs %2, %3, %4</source>
        <translation>%1 gegenüber %2, %3, %4</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="308"/>
        <source>%1 physical, %2 logical, %3 package(s)</source>
        <translation>%1 physisch, %2 logisch, %3 Prozessorgehäuse</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="311"/>
        <source>%1 KiB x %2</source>
        <translation>%1 KiB × %2</translation>
    </message>
    <message>
        <source>Instruction sets</source>
        <translation type="vanished">Befehlssätze</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="101"/>
        <source>Not available</source>
        <translation>Nicht verfügbar</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation type="vanished">Betriebssystem</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="103"/>
        <source>Compiler</source>
        <translation>Compiler</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="104"/>
        <source>Quantscope</source>
        <translation>Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="315"/>
        <source>%1 (git %2)</source>
        <translation>%1 (git %2)</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="105"/>
        <source>oneDNN</source>
        <translation>oneDNN</translation>
    </message>
    <message>
        <location filename="../ui/report/report_tables.cpp" line="317"/>
        <source>%1, dispatching to %2</source>
        <translation>%1, verwendet %2</translation>
    </message>
</context>
<context>
    <name>qs::ui::ResultsPanel</name>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="112"/>
        <source>&lt;p style=&apos;font-size:large; color:#495057&apos;&gt;&lt;b&gt;No run selected&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:#868e96&apos;&gt;Measure FP32 against INT8 in the Runs panel (Ctrl+R), or open a run file (Ctrl+Shift+R) or drop one on the window.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:large; color:#495057&apos;&gt;&lt;b&gt;Kein Lauf gewählt&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:#868e96&apos;&gt;Messen Sie FP32 gegen INT8 im Bereich „Läufe“ (Strg+R), oder öffnen Sie eine Laufdatei (Strg+Umschalt+R) bzw. legen Sie eine im Fenster ab.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="130"/>
        <source>Which setting (threads · mode) the charts show</source>
        <translation>Welche Einstellung (Threads · Modus) die Diagramme zeigen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="134"/>
        <source>Colour the graph&apos;s nodes by the mean time per node this run measured</source>
        <translation>Die Knoten des Graphen nach der mittleren Zeit pro Knoten färben, die dieser Lauf gemessen hat</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="138"/>
        <source>Setting:</source>
        <translation>Einstellung:</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="209"/>
        <source>Statistics of the measured runs as stored in the run file; percentiles interpolate linearly between closest ranks (numpy&apos;s default), IQR = P75 − P25</source>
        <translation>Statistik der gemessenen Läufe, wie in der Laufdatei gespeichert; Perzentile interpolieren linear zwischen den nächsten Rängen (Standard von numpy), IQR = P75 − P25</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="284"/>
        <source>&lt;b&gt;Unsaved run&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ungespeicherter Lauf&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="284"/>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="487"/>
        <source>Latency distribution</source>
        <translation>Latenzverteilung</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="485"/>
        <source>no scenario of this setting has samples</source>
        <translation>kein Szenario dieser Einstellung hat Messwerte</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="488"/>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="499"/>
        <source>Time per op type</source>
        <translation>Zeit pro Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="495"/>
        <source>not profiled: run with “Per-node profile” on</source>
        <translation>nicht profiliert: mit „Profil pro Knoten“ messen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="70"/>
        <source>&lt;b&gt;Parity&lt;/b&gt;</source>
        <translation>&lt;b&gt;Übereinstimmung&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="72"/>
        <source>How far the quantized model&apos;s outputs stray from the FP32 model&apos;s on the same inputs (bench --parity, or Check Parity in the Parity panel)</source>
        <translation>Wie weit die Ausgaben des quantisierten Modells bei denselben Eingaben von denen des FP32-Modells abweichen (bench --parity, oder „Übereinstimmung prüfen“ im Bereich Übereinstimmung)</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="132"/>
        <source>Colour Graph by &amp;Time</source>
        <translation>Graph nach &amp;Zeit einfärben</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="148"/>
        <source>Compare Anyway</source>
        <translation>Trotzdem vergleichen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="150"/>
        <source>Compare these two models although they are not the same network</source>
        <translation>Diese beiden Modelle vergleichen, obwohl sie nicht dasselbe Netz sind</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="299"/>
        <source>Quantize %1 as the findings advise, open the result beside it and measure both</source>
        <translation>%1 quantisieren, wie die Befunde raten, das Ergebnis daneben öffnen und beide messen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="395"/>
        <source>The last rows are the check of the open pair made here, not the run file&apos;s.</source>
        <translation>Die letzten Zeilen sind die hier gemachte Prüfung des geöffneten Paars, nicht die der Laufdatei.</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="420"/>
        <source>&lt;b&gt;%1:&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1:&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="421"/>
        <source>The run went on without what these warnings name; the run file and the report keep them. Hover over one for the reason.</source>
        <translation>Der Lauf ging ohne das weiter, was diese Warnungen nennen; die Laufdatei und der Bericht bewahren sie auf. Zeigen Sie auf eine, um den Grund zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="439"/>
        <source>(%1 more: hover here, or see the report)</source>
        <translation>(%1 weitere: hier zeigen oder im Bericht lesen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="485"/>
        <source>the run failed: see the message above</source>
        <translation>der Lauf ist fehlgeschlagen: siehe die Meldung oben</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="496"/>
        <source>no times: the run failed before it was profiled</source>
        <translation>keine Zeiten: der Lauf ist vor dem Profiling fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="497"/>
        <source>no times: nothing of this setting was measured</source>
        <translation>keine Zeiten: in dieser Einstellung wurde nichts gemessen</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="500"/>
        <location filename="../ui/panels/results_panel.cpp" line="588"/>
        <source>Time per op type (ms per run)</source>
        <translation>Zeit pro Operatortyp (ms pro Lauf)</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="500"/>
        <location filename="../ui/panels/results_panel.cpp" line="588"/>
        <source>ms per run</source>
        <translation>ms pro Lauf</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="502"/>
        <location filename="../ui/panels/results_panel.cpp" line="592"/>
        <source>Operators by type</source>
        <translation>Operatoren nach Typ</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="502"/>
        <location filename="../ui/panels/results_panel.cpp" line="592"/>
        <source>nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="538"/>
        <source>Mean time per node of %1</source>
        <translation>Mittlere Zeit pro Knoten von %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="576"/>
        <source>%1 (%2 runs)</source>
        <translation>%1 (%2 Läufe)</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="579"/>
        <source>Latency distribution, %1: %2</source>
        <translation>Latenzverteilung, %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="581"/>
        <source>Latency box plot, %1: %2</source>
        <translation>Latenz-Boxplot, %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="586"/>
        <source>Kernel time per op type, %1, from the per-node profiles</source>
        <translation>Kernel-Zeit pro Operatortyp, %1, aus den Profilen pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/results_panel.cpp" line="590"/>
        <source>Operators by type in each model (the same in every setting)</source>
        <translation>Operatoren nach Typ in jedem Modell (in jeder Einstellung gleich)</translation>
    </message>
    <message>
        <source>Latency box plot</source>
        <translation type="vanished">Latenz-Boxplot</translation>
    </message>
    <message>
        <source>Colour &amp;Graph by Time</source>
        <translation type="vanished">&amp;Graph nach Zeit einfärben</translation>
    </message>
</context>
<context>
    <name>qs::ui::RunListModel</name>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="93"/>
        <source>%1 · %2 · %3 · %4 · %5 · %6</source>
        <translation>%1 · %2 · %3 · %4 · %5 · %6</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="94"/>
        <source> vs </source>
        <translation> gegenüber </translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="95"/>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="107"/>
        <source>FAILED (%1 of %2 scenarios)</source>
        <translation>FEHLGESCHLAGEN (%1 von %2 Szenarien)</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="109"/>
        <source>partial</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="110"/>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="118"/>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="136"/>
        <source>Not saved</source>
        <translation>Nicht gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/models/run_list_model.cpp" line="140"/>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation type="vanished">%1 · %2 · %3</translation>
    </message>
    <message>
        <source> (partial)</source>
        <translation type="vanished"> (unvollständig)</translation>
    </message>
</context>
<context>
    <name>qs::ui::RunText</name>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="118"/>
        <location filename="../ui/util/run_text.cpp" line="17"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="119"/>
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
        <location filename="../ui/util/finding_text.cpp" line="708"/>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="710"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../ui/util/finding_text.cpp" line="714"/>
        <source>info</source>
        <translation>Info</translation>
    </message>
</context>
<context>
    <name>qs::ui::RunWarningText</name>
    <message>
        <location filename="../ui/util/run_warning_text.cpp" line="23"/>
        <source>No deployment-target summaries: the target tables could not be read.</source>
        <translation>Keine Auswertung der Zielplattformen: Die Tabellen konnten nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_warning_text.cpp" line="25"/>
        <source>Parity of %1 vs %2 was not checked.</source>
        <translation>Die Übereinstimmung von %1 mit %2 wurde nicht geprüft.</translation>
    </message>
    <message>
        <location filename="../ui/util/run_warning_text.cpp" line="33"/>
        <source>Parity of %1 vs %2 was not checked: %3</source>
        <translation>Die Übereinstimmung von %1 mit %2 wurde nicht geprüft: %3</translation>
    </message>
    <message>
        <location filename="../ui/util/run_warning_text.cpp" line="36"/>
        <source>No deployment-target summaries: %1</source>
        <translation>Keine Auswertung der Zielplattformen: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/run_warning_text.cpp" line="43"/>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <location filename="../ui/util/run_warning_text.cpp" line="43"/>
        <source>%1 warnings</source>
        <translation>%1 Warnungen</translation>
    </message>
</context>
<context>
    <name>qs::ui::RunsPanel</name>
    <message>
        <source>Measure</source>
        <translation type="vanished">Messen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="79"/>
        <source>Measure the open model (the FP32 model of a pair)</source>
        <translation>Das geöffnete Modell messen (bei einem Paar das FP32-Modell)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="80"/>
        <source>Measure the quantized model of the pair (open a pair with Ctrl+Shift+O)</source>
        <translation>Das quantisierte Modell des Paars messen (ein Paar öffnen Sie mit Strg+Umschalt+O)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="82"/>
        <source>Optimized</source>
        <translation>Optimiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="82"/>
        <source>As written</source>
        <translation>Wie geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="82"/>
        <location filename="../ui/panels/runs_panel.cpp" line="87"/>
        <location filename="../ui/panels/runs_panel.cpp" line="556"/>
        <source>Both</source>
        <translation>Beide</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="83"/>
        <source>Optimized: the engine&apos;s fused kernels. As written: one kernel per node of the file, the way a naive runtime executes it.</source>
        <translation>Optimiert: die fusionierten Kernel der Engine. Wie geschrieben: ein Kernel pro Knoten der Datei, so wie eine naive Laufzeitumgebung sie ausführt.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="96"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="97"/>
        <source>Intra-op threads for oneDNN and the engine&apos;s kernels. 1 is the controlled setting; “all cores” is the practical one.</source>
        <translation>Intra-Op-Threads für oneDNN und die Kernel der Engine. 1 ist die kontrollierte Einstellung, „alle Kerne“ die praktische.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="102"/>
        <source>Runs before measuring (caches, lazy initialisation); the first is timed separately</source>
        <translation>Läufe vor der Messung (Caches, verzögerte Initialisierung); der erste wird getrennt gemessen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="105"/>
        <source>Measured runs per model; the statistics and histograms are of these</source>
        <translation>Gemessene Läufe pro Modell; Statistik und Histogramme beziehen sich auf diese</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="106"/>
        <source>Per-node profile</source>
        <translation>Profil pro Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="107"/>
        <source>Record time per node and per op type (for the op-type chart and the graph colouring); its hooks add a little time between kernels</source>
        <translation>Zeit pro Knoten und pro Operatortyp aufzeichnen (für das Operatortyp-Diagramm und die Graphfärbung); die Hooks kosten zwischen den Kerneln etwas Zeit</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="109"/>
        <source>Check parity</source>
        <translation>Übereinstimmung prüfen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="111"/>
        <source>Also compare the outputs of each FP32/INT8 pair on four random inputs (SQNR, cosine, max and mean |difference|, top-1): the Results and the report show the verdict</source>
        <translation>Auch die Ausgaben jedes FP32/INT8-Paars auf vier Zufallseingaben vergleichen (SQNR, Kosinus, max. und mittlere |Abweichung|, Top-1): Ergebnisse und Bericht zeigen das Urteil</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="115"/>
        <source>e.g. images=1x3x640x640</source>
        <translation>z. B. images=1x3x640x640</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="116"/>
        <source>Bind free input dimensions: NAME=DIMS, several separated by spaces</source>
        <translation>Freie Eingabedimensionen festlegen: NAME=DIMS, mehrere durch Leerzeichen getrennt</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="119"/>
        <source>Warm-up:</source>
        <translation>Aufwärmen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="121"/>
        <source>Runs:</source>
        <translation>Läufe:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="132"/>
        <source>Models:</source>
        <translation>Modelle:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="135"/>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="139"/>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="146"/>
        <source>Input shapes:</source>
        <translation>Eingabeformen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="150"/>
        <source>&amp;Run Benchmark</source>
        <translation>Benchmark &amp;starten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="153"/>
        <source>Measure the chosen models on a background thread (Ctrl+R)</source>
        <translation>Die gewählten Modelle in einem Hintergrund-Thread messen (Strg+R)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="155"/>
        <source>&amp;Cancel Benchmark</source>
        <translation>Benchmark &amp;abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="158"/>
        <source>Stop after the current kernel; what was measured is kept, marked partial (Ctrl+.)</source>
        <translation>Nach dem aktuellen Kernel anhalten; das Gemessene bleibt erhalten und wird als unvollständig markiert (Strg+.)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="160"/>
        <source>Open Run &amp;File...</source>
        <translation>Lauf&amp;datei öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="163"/>
        <source>Open a run file written by Quantscope or &apos;quantscope-cli bench --json&apos;</source>
        <translation>Eine Laufdatei öffnen, die Quantscope oder „quantscope-cli bench --json“ geschrieben hat</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="166"/>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="170"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="290"/>
        <source>%1 of %2 benchmark scenarios failed.</source>
        <translation>%1 von %2 Benchmark-Szenarien sind fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="300"/>
        <source>%1: see the Results tab.</source>
        <translation>%1: siehe Reiter Ergebnisse.</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="vanished">Läufe</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="213"/>
        <source>Runs measured here or opened from run files; select one to chart it</source>
        <translation>Hier gemessene oder aus Laufdateien geöffnete Läufe; einen auswählen, um ihn darzustellen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="219"/>
        <source>&amp;Remove from List</source>
        <translation>Aus der Liste &amp;entfernen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="223"/>
        <source>Remove the selected run from this list (Del); its run file stays on disk</source>
        <translation>Den gewählten Lauf aus dieser Liste entfernen (Entf); seine Laufdatei bleibt erhalten</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="226"/>
        <source>Compare &amp;Anyway</source>
        <translation>&amp;Trotzdem vergleichen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="228"/>
        <source>Compare the FP32 and INT8 models of the selected run although they are not the same network; the run file records that you asked</source>
        <translation>Die FP32- und INT8-Modelle des gewählten Laufs vergleichen, obwohl sie nicht dasselbe Netz sind; die Laufdatei hält fest, dass Sie es verlangt haben</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="238"/>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="245"/>
        <source>Open...</source>
        <translation>Öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="248"/>
        <source>Folder...</source>
        <translation>Ordner...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="249"/>
        <source>Choose the folder new runs are saved to and listed from</source>
        <translation>Den Ordner wählen, in dem neue Läufe gespeichert und aus dem sie aufgelistet werden</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="286"/>
        <source>Failed: %1 of %2 scenarios failed%3.
%4</source>
        <translation>Fehlgeschlagen: %1 von %2 Szenarien sind fehlgeschlagen%3.
%4</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="289"/>
        <source> (kept in %1)</source>
        <translation> (gespeichert in %1)</translation>
    </message>
    <message>
        <source>%1 of %2 scenarios failed.</source>
        <translation type="vanished">%1 von %2 Szenarien sind fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="294"/>
        <source>Cancelled: the partial results are kept%1.</source>
        <translation>Abgebrochen: die unvollständigen Ergebnisse bleiben erhalten%1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="295"/>
        <source> in %1</source>
        <translation>, gespeichert in %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="296"/>
        <source>Done%1.</source>
        <translation>Fertig%1.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="296"/>
        <source>: saved %1</source>
        <translation>: gespeichert in %1</translation>
    </message>
    <message>
        <source>Could Not Save Run</source>
        <translation type="vanished">Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="303"/>
        <source>The run finished but could not be saved.</source>
        <translation>Der Lauf ist beendet, konnte aber nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="307"/>
        <source>The run finished with a warning: %1</source>
        <translation>Der Lauf endete mit einer Warnung: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="309"/>
        <source>The run finished with %1; the Results tab lists them.</source>
        <translation>Der Lauf endete mit %1; der Reiter Ergebnisse listet sie auf.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="314"/>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="557"/>
        <source>ONNX Runtime through its %1 adapter: %2</source>
        <translation>ONNX Runtime über seinen %1-Adapter: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="562"/>
        <source>ONNX Runtime (not found)</source>
        <translation>ONNX Runtime (nicht gefunden)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="563"/>
        <source>Both (ONNX Runtime not found)</source>
        <translation>Beide (ONNX Runtime nicht gefunden)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="564"/>
        <source>No ONNX Runtime adapter was found, so its scenarios would fail (Settings → Runtimes). How to get one:
%1</source>
        <translation>Es wurde kein ONNX-Runtime-Adapter gefunden, seine Szenarien würden daher scheitern (Einstellungen → Laufzeitumgebungen). So bekommen Sie einen:
%1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="694"/>
        <source>The comparison is shown but could not be saved.</source>
        <translation>Der Vergleich wird angezeigt, konnte aber nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>Benchmark Failed</source>
        <translation type="vanished">Benchmark fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="315"/>
        <source>The benchmark could not run.</source>
        <translation>Der Benchmark konnte nicht laufen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="319"/>
        <source>Cancelled before anything was measured.</source>
        <translation>Abgebrochen, bevor etwas gemessen wurde.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="329"/>
        <source>Skipped %1 in the run folder: %2</source>
        <translation>%1 im Laufordner übersprungen: %2</translation>
    </message>
    <message>
        <source>Could Not Open Run File</source>
        <translation type="vanished">Laufdatei nicht lesbar</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="337"/>
        <source>Quantscope could not read the run file %1.</source>
        <translation>Quantscope konnte die Laufdatei %1 nicht lesen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="368"/>
        <source>(open a model)</source>
        <translation>(ein Modell öffnen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="368"/>
        <source>(open a pair for FP32 vs INT8)</source>
        <translation>(ein Paar für FP32 gegen INT8 öffnen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="375"/>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="375"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="472"/>
        <source>Choose at least one model to measure.</source>
        <translation>Wählen Sie mindestens ein Modell zum Messen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="508"/>
        <source>Input shape &apos;%1&apos;: %2</source>
        <translation>Eingabeform „%1“: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="516"/>
        <source>Input shape &apos;%1&apos;: &apos;%2&apos; is not an input of the chosen models.</source>
        <translation>Eingabeform „%1“: „%2“ ist kein Eingang der gewählten Modelle.</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="601"/>
        <source>Starting...</source>
        <translation>Start...</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="609"/>
        <source>Cancelling after the current kernel...</source>
        <translation>Abbruch nach dem aktuellen Kernel...</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation type="vanished">Ordner: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="652"/>
        <source>Folder for Run Files</source>
        <translation>Ordner für Laufdateien</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="665"/>
        <source>Open Run Files</source>
        <translation>Laufdateien öffnen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="665"/>
        <source>Run files (*.json);;All files (*)</source>
        <translation>Laufdateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="87"/>
        <source>Quantscope</source>
        <translation>Quantscope</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="87"/>
        <location filename="../ui/panels/runs_panel.cpp" line="555"/>
        <source>ONNX Runtime</source>
        <translation>ONNX Runtime</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="92"/>
        <source>Quantscope&apos;s engine, ONNX Runtime through its adapter process (see Settings → Runtimes), or both with the same inputs, threads and runs</source>
        <translation>Die Engine von Quantscope, ONNX Runtime über seinen Adapterprozess (siehe Einstellungen → Laufzeitumgebungen) oder beide mit denselben Eingaben, Threads und Läufen</translation>
    </message>
    <message>
        <location filename="../ui/panels/runs_panel.cpp" line="137"/>
        <source>Runtime:</source>
        <translation>Laufzeitumgebung:</translation>
    </message>
</context>
<context>
    <name>qs::ui::RuntimesDialog</name>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="21"/>
        <source>Runtimes</source>
        <translation>Laufzeitumgebungen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="27"/>
        <source>Detect Again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="39"/>
        <source>Detecting ONNX Runtime (onnxruntime-node, python3 -c &quot;import onnxruntime&quot;)...</source>
        <translation>Suche ONNX Runtime (onnxruntime-node, python3 -c &quot;import onnxruntime&quot;)...</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="44"/>
        <source>ONNX Runtime, measured beside the engine</source>
        <translation>ONNX Runtime, neben der Engine gemessen</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="46"/>
        <source>Quantscope never links ONNX Runtime: it starts a small adapter process and talks to it over a JSON protocol. Choose the runtime in the Runs panel.</source>
        <translation>Quantscope bindet ONNX Runtime nie ein: Es startet einen kleinen Adapterprozess und spricht mit ihm über ein JSON-Protokoll. Die Laufzeitumgebung wählen Sie im Bereich „Läufe“.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="53"/>
        <source>Node.js adapter (onnxruntime-node)</source>
        <translation>Node.js-Adapter (onnxruntime-node)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="53"/>
        <source>Python adapter (onnxruntime)</source>
        <translation>Python-Adapter (onnxruntime)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="55"/>
        <source>found</source>
        <translation>gefunden</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="55"/>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="58"/>
        <source>Not verified against a real installation here: Quantscope&apos;s build machines cannot install Python&apos;s onnxruntime, so only its protocol handling is tested.</source>
        <translation>Hier nicht mit einer echten Installation geprüft: Auf den Build-Rechnern von Quantscope lässt sich Pythons onnxruntime nicht installieren, daher ist nur die Protokollbehandlung getestet.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="64"/>
        <source>No ONNX Runtime was found.</source>
        <translation>Es wurde keine ONNX Runtime gefunden.</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/runtimes_dialog.cpp" line="66"/>
        <source>How to get one:</source>
        <translation>So erhalten Sie eine:</translation>
    </message>
</context>
<context>
    <name>qs::ui::ScenarioGroup</name>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="14"/>
        <source>optimized</source>
        <translation>optimiert</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="16"/>
        <source>as-written</source>
        <translation>wie geschrieben</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="25"/>
        <source>quantscope</source>
        <translation>quantscope</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="27"/>
        <source>onnxruntime</source>
        <translation>onnxruntime</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="35"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="38"/>
        <source>1 thread</source>
        <translation>1 Thread</translation>
    </message>
    <message>
        <location filename="../ui/util/scenario_groups.cpp" line="39"/>
        <source>%1 threads</source>
        <translation>%1 Threads</translation>
    </message>
</context>
<context>
    <name>qs::ui::ScenarioStatsModel</name>
    <message>
        <location filename="../ui/models/scenario_stats_model.cpp" line="41"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/models/scenario_stats_model.cpp" line="42"/>
        <source>partial</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <location filename="../ui/models/scenario_stats_model.cpp" line="43"/>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../ui/models/scenario_stats_model.cpp" line="175"/>
        <source>Median (P50) ms</source>
        <translation>Median (P50) ms</translation>
    </message>
</context>
<context>
    <name>qs::ui::SessionController</name>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="74"/>
        <source>Sa&amp;ve Session...</source>
        <translation>Sitzung spei&amp;chern...</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="77"/>
        <source>Save the open models, the runs and the Compare selection to reopen them later</source>
        <translation>Die geöffneten Modelle, die Läufe und die Auswahl im Vergleich speichern, um sie später wieder zu öffnen</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="79"/>
        <source>Open Sessio&amp;n...</source>
        <translation>S&amp;itzung öffnen...</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="81"/>
        <source>Reopen saved models, runs and Compare selection</source>
        <translation>Gespeicherte Modelle, Läufe und Vergleichsauswahl wieder öffnen</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="103"/>
        <source>The models could not be opened: %1</source>
        <translation>Die Modelle konnten nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="109"/>
        <source>Opening the models was cancelled.</source>
        <translation>Das Öffnen der Modelle wurde abgebrochen.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="222"/>
        <source>Saved the session to %1. Runs that have no run file (%2) are not in it.</source>
        <translation>Sitzung in %1 gespeichert. Läufe ohne Laufdatei (%2) sind nicht enthalten.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="223"/>
        <source>Saved the session to %1.</source>
        <translation>Sitzung in %1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="231"/>
        <source>Save Session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="233"/>
        <source>Quantscope sessions (*.qsession)</source>
        <translation>Quantscope-Sitzungen (*.qsession)</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="269"/>
        <location filename="../ui/session/session_controller.cpp" line="316"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="308"/>
        <source>Save the changes to the session %1?</source>
        <translation>Änderungen an der Sitzung %1 speichern?</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="309"/>
        <source>The runs, the run shown or the Compare selection changed since the session was saved or opened. Closing without saving loses these changes; run files stay on disk.</source>
        <translation>Die Läufe, der angezeigte Lauf oder die Auswahl unter „Vergleich“ haben sich geändert, seit die Sitzung gespeichert oder geöffnet wurde. Schließen ohne Speichern verwirft diese Änderungen; Laufdateien bleiben erhalten.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="314"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="315"/>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="323"/>
        <source>Quantscope could not save the session; the window stays open and the previous file, if any, is unchanged.</source>
        <translation>Quantscope konnte die Sitzung nicht speichern; das Fenster bleibt offen und eine vorhandene Datei unverändert.</translation>
    </message>
    <message>
        <source>Could Not Save Session</source>
        <translation type="vanished">Sitzung nicht gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="242"/>
        <source>Quantscope could not save the session; the previous file, if any, is unchanged.</source>
        <translation>Quantscope konnte die Sitzung nicht speichern; eine vorhandene Datei ist unverändert.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="250"/>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="250"/>
        <source>Quantscope sessions (*.qsession);;All files (*)</source>
        <translation>Quantscope-Sitzungen (*.qsession);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="263"/>
        <source>Open the session %1?</source>
        <translation>Die Sitzung %1 öffnen?</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="264"/>
        <source>The open models and the Compare selection are not saved in a session. Opening the session replaces them; runs stay in the Runs list.</source>
        <translation>Die geöffneten Modelle und die Auswahl im Vergleich sind in keiner Sitzung gespeichert. Das Öffnen der Sitzung ersetzt sie; die Läufe bleiben in der Liste der Läufe.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="266"/>
        <source>Save Session First...</source>
        <translation>Erst Sitzung speichern...</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="267"/>
        <source>Open Without Saving</source>
        <translation>Ohne Speichern öffnen</translation>
    </message>
    <message>
        <source>Could Not Open Session</source>
        <translation type="vanished">Sitzung nicht geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="348"/>
        <source>Quantscope could not open the session %1; nothing was changed.</source>
        <translation>Quantscope konnte die Sitzung %1 nicht öffnen; nichts wurde geändert.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="360"/>
        <source>Model not found: %1</source>
        <translation>Modell nicht gefunden: %1</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="369"/>
        <source>Run file not found: %1</source>
        <translation>Laufdatei nicht gefunden: %1</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="384"/>
        <source>Opening the session %1...</source>
        <translation>Sitzung %1 wird geöffnet...</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="436"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="436"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="449"/>
        <source>%1 no longer has the scenario chosen for Compare side %2 (%3).</source>
        <translation>%1 enthält das für Vergleichsseite %2 gewählte Szenario nicht mehr (%3).</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="470"/>
        <source>Opened the session %1.</source>
        <translation>Sitzung %1 geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="472"/>
        <source>Opened the session %1 in part.</source>
        <translation>Sitzung %1 teilweise geöffnet.</translation>
    </message>
    <message>
        <source>Session Opened in Part</source>
        <translation type="vanished">Sitzung teilweise geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/session/session_controller.cpp" line="474"/>
        <source>Quantscope opened what it could of the session %1. Not found or not readable:</source>
        <translation>Quantscope hat von der Sitzung %1 geöffnet, was möglich war. Nicht gefunden oder nicht lesbar:</translation>
    </message>
</context>
<context>
    <name>qs::ui::StatisticRows</name>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="13"/>
        <source>Measured runs</source>
        <translation>Gemessene Läufe</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="14"/>
        <source>Median ms</source>
        <translation>Median ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="15"/>
        <source>P95 ms</source>
        <translation>P95 ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="16"/>
        <source>IQR ms</source>
        <translation>IQR ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="17"/>
        <source>Mean ms</source>
        <translation>Mittelwert ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="18"/>
        <source>Std dev ms</source>
        <translation>Std.-Abw. ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="19"/>
        <source>CV</source>
        <translation>VK</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="20"/>
        <source>Min ms</source>
        <translation>Min. ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="21"/>
        <source>Max ms</source>
        <translation>Max. ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="22"/>
        <source>P99 ms</source>
        <translation>P99 ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="23"/>
        <source>FPS</source>
        <translation>FPS</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="24"/>
        <source>First run ms</source>
        <translation>Erster Lauf ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="25"/>
        <source>Preparation ms</source>
        <translation>Vorbereitung ms</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="26"/>
        <source>Peak RSS</source>
        <translation>Spitzen-RSS</translation>
    </message>
    <message>
        <location filename="../ui/models/statistic_rows.cpp" line="27"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>qs::ui::SummaryPanel</name>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="67"/>
        <source>No model open. Use File → Open (Ctrl+O), drop an .onnx file here, or open an FP32 and an INT8 model side by side with File → Open Pair.</source>
        <translation>Kein Modell geöffnet. Benutzen Sie Datei → Öffnen (Strg+O), legen Sie hier eine .onnx-Datei ab oder öffnen Sie ein FP32- und ein INT8-Modell nebeneinander mit Datei → Paar öffnen.</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="76"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="76"/>
        <source>Quantized</source>
        <translation>Quantisiert</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="83"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="87"/>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="89"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="90"/>
        <source>%1 (%2 quantization boundaries)</source>
        <translation>%1 (%2 Quantisierungsgrenzen)</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="92"/>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="93"/>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="94"/>
        <source>File size</source>
        <translation>Dateigröße</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="97"/>
        <source> + %1 external data</source>
        <translation> + %1 externe Daten</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="100"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="102"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="104"/>
        <source>MACs</source>
        <translation>MACs</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="109"/>
        <source>≥ %1 (%2 nodes with unknown shapes)</source>
        <translation>≥ %1 (%2 Knoten mit unbekannter Form)</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="110"/>
        <source>not computed by this build&apos;s analysis</source>
        <translation>von der Analyse dieses Builds nicht berechnet</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="112"/>
        <source>Opsets</source>
        <translation>Opsets</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="120"/>
        <source>IR version</source>
        <translation>IR-Version</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="121"/>
        <source>Producer</source>
        <translation>Erzeuger</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="124"/>
        <source>Shape inference</source>
        <translation>Forminferenz</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="127"/>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="129"/>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="130"/>
        <source>%1 of %2 tensors with known shape</source>
        <translation>%1 von %2 Tensoren mit bekannter Form</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="132"/>
        <source>Load time</source>
        <translation>Ladezeit</translation>
    </message>
    <message>
        <location filename="../ui/panels/summary_panel.cpp" line="133"/>
        <source>%1 ms load, %2 ms analysis, %3 ms layout</source>
        <translation>%1 ms Laden, %2 ms Analyse, %3 ms Layout</translation>
    </message>
</context>
<context>
    <name>qs::ui::TargetClassifier</name>
    <message>
        <location filename="../ui/workers/target_classifier.cpp" line="28"/>
        <source>No deployment-target tables were found: Quantscope looks in $QS_TARGETS_DIR, next to the program in ../share/quantscope/targets, and in the source tree&apos;s resources/targets.</source>
        <translation>Keine Tabellen der Zielplattformen gefunden: Quantscope sucht in $QS_TARGETS_DIR, neben dem Programm in ../share/quantscope/targets und im Quellbaum unter resources/targets.</translation>
    </message>
    <message>
        <location filename="../ui/workers/target_classifier.cpp" line="34"/>
        <source>The deployment-target tables could not be read: %1</source>
        <translation>Die Tabellen der Zielplattformen konnten nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::TargetListModel</name>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="83"/>
        <location filename="../ui/models/target_list_model.cpp" line="86"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="86"/>
        <location filename="../ui/models/target_list_model.cpp" line="171"/>
        <source>approximate</source>
        <translation>ungefähr</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/target_list_model.cpp" line="90"/>
        <source>%1; %n fail(s) at run time</source>
        <translation>
            <numerusform>%1; %n scheitert zur Laufzeit</numerusform>
            <numerusform>%1; %n scheitern zur Laufzeit</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="131"/>
        <source>Cannot load: this target loads only %1 files: a %2 file cannot load at all (it must be converted first)</source>
        <translation>Kann nicht laden: dieses Ziel lädt nur %1-Dateien: eine %2-Datei lässt sich dort gar nicht laden (sie muss zuerst umgewandelt werden)</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="136"/>
        <source>Cannot load: %1</source>
        <translation>Kann nicht laden: %1</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="140"/>
        <source>%1 partitions (%2 on the provider, %3 on the CPU) with %4 copies between them%5</source>
        <translation>%1 Partitionen (%2 auf dem Provider, %3 auf der CPU) mit %4 Kopien dazwischen%5</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="145"/>
        <source>, not counting unknown nodes</source>
        <translation>, ohne unbekannte Knoten</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/target_list_model.cpp" line="147"/>
        <source>%n node(s) fall back to the CPU provider, which has no kernel for them: the model cannot load</source>
        <translation>
            <numerusform>%n Knoten weicht auf den CPU-Provider aus, der keinen Kernel dafür hat: Das Modell kann nicht laden</numerusform>
            <numerusform>%n Knoten weichen auf den CPU-Provider aus, der keinen Kernel dafür hat: Das Modell kann nicht laden</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="150"/>
        <source>Source: %1, revision %2</source>
        <translation>Quelle: %1, Revision %2</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="152"/>
        <source>Table version %1 (%2), file %3</source>
        <translation>Tabellenversion %1 (%2), Datei %3</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="170"/>
        <source>The version the table stands for; “%1”: read from a nearby revision</source>
        <translation>Die Version, für die die Tabelle steht; „%1“: aus einer nahen Revision gelesen</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="173"/>
        <source>Nodes the target runs</source>
        <translation>Knoten, die das Ziel ausführt</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="175"/>
        <source>Nodes the execution provider does not take: ONNX Runtime&apos;s CPU provider runs them</source>
        <translation>Knoten, die der Execution Provider nicht übernimmt: Der CPU-Provider von ONNX Runtime führt sie aus</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="177"/>
        <source>Fallbacks the CPU provider has no kernel for either: the model cannot load</source>
        <translation>Ausweichende Knoten, für die auch der CPU-Provider keinen Kernel hat: Das Modell kann nicht laden</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="179"/>
        <source>Nodes without a kernel (or unsupported by a converter): the model cannot load or convert</source>
        <translation>Knoten ohne Kernel (oder von einem Konverter nicht unterstützt): Das Modell kann nicht laden oder nicht konvertiert werden</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="181"/>
        <source>Nodes the source does not state anything about</source>
        <translation>Knoten, zu denen die Quelle nichts aussagt</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="183"/>
        <source>Runs of nodes on one side (provider or CPU) in topological order</source>
        <translation>Folgen von Knoten auf einer Seite (Provider oder CPU) in topologischer Reihenfolge</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="185"/>
        <source>Tensors produced on one side and consumed on the other: each needs a copy</source>
        <translation>Tensoren, die auf einer Seite erzeugt und auf der anderen verbraucht werden: Jeder braucht eine Kopie</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="193"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="195"/>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="197"/>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="199"/>
        <source>Runs</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="201"/>
        <source>Falls back</source>
        <translation>Weicht aus</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="203"/>
        <source>No CPU kernel</source>
        <translation>Kein CPU-Kernel</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="205"/>
        <source>No kernel</source>
        <translation>Kein Kernel</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="207"/>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="209"/>
        <source>Partitions</source>
        <translation>Partitionen</translation>
    </message>
    <message>
        <location filename="../ui/models/target_list_model.cpp" line="211"/>
        <source>Copies</source>
        <translation>Kopien</translation>
    </message>
</context>
<context>
    <name>qs::ui::TargetNodeModel</name>
    <message>
        <source>its subgraphs were not examined</source>
        <translation type="vanished">seine Teilgraphen wurden nicht untersucht</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="110"/>
        <source>no CPU kernel table loaded</source>
        <translation>keine CPU-Kerneltabelle geladen</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="111"/>
        <source>no kernel: cannot load</source>
        <translation>kein Kernel: kann nicht laden</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="155"/>
        <source>Conditions (not checked): %1</source>
        <translation>Bedingungen (nicht geprüft): %1</translation>
    </message>
    <message>
        <source>Its subgraphs were not examined.</source>
        <translation type="vanished">Seine Teilgraphen wurden nicht untersucht.</translation>
    </message>
    <message>
        <source>its subgraphs hold %1 node(s), counted in the totals; %2 of them do not run there</source>
        <translation type="vanished">seine Untergraphen enthalten %1 Knoten, in den Summen mitgezählt; %2 davon laufen dort nicht</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="62"/>
        <source>&apos;%1&apos; is in the body %2: the graph does not draw bodies, so it selects the %3 node &apos;%4&apos; instead</source>
        <translation>„%1“ liegt im Untergraphen %2: der Graph zeichnet keine Untergraphen, daher wählt er stattdessen den %3-Knoten „%4“</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="81"/>
        <source>its subgraphs hold %1 node(s), listed below it; %2 of them do not run there</source>
        <translation>seine Untergraphen enthalten %1 Knoten, darunter aufgeführt; %2 davon laufen dort nicht</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="171"/>
        <source>For a node that falls back: whether ONNX Runtime&apos;s CPU provider has a kernel for it</source>
        <translation>Für einen ausweichenden Knoten: ob der CPU-Provider von ONNX Runtime einen Kernel dafür hat</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="173"/>
        <source>Restrictions the table lists for the operator; not checked against the node</source>
        <translation>Einschränkungen, die die Tabelle für den Operator nennt; nicht am Knoten geprüft</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="175"/>
        <source>Known restrictions the node breaks: the model loads but fails when this node runs</source>
        <translation>Bekannte Einschränkungen, die der Knoten verletzt: Das Modell lädt, scheitert aber, wenn dieser Knoten läuft</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="183"/>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="185"/>
        <source>Op type</source>
        <translation>Operatortyp</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="187"/>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="189"/>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="191"/>
        <source>CPU provider</source>
        <translation>CPU-Provider</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="193"/>
        <source>Conditions</source>
        <translation>Bedingungen</translation>
    </message>
    <message>
        <location filename="../ui/models/target_node_model.cpp" line="195"/>
        <source>Run-time failures</source>
        <translation>Laufzeitfehler</translation>
    </message>
</context>
<context>
    <name>qs::ui::TargetOverlay</name>
    <message>
        <location filename="../ui/graph/target_overlay.cpp" line="37"/>
        <source>Verdict on %1</source>
        <translation>Urteil zu %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::TargetText</name>
    <message>
        <location filename="../ui/util/target_text.cpp" line="29"/>
        <location filename="../ui/util/target_text.cpp" line="69"/>
        <location filename="../ui/util/target_text.cpp" line="84"/>
        <source>runs</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="31"/>
        <source>falls back to the CPU provider</source>
        <translation>weicht auf den CPU-Provider aus</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="33"/>
        <source>falls back, no CPU kernel: cannot load</source>
        <translation>weicht aus, kein CPU-Kernel: kann nicht laden</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="35"/>
        <source>unsupported: conversion fails</source>
        <translation>nicht unterstützt: Konvertierung scheitert</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="35"/>
        <source>no kernel: cannot load</source>
        <translation>kein Kernel: kann nicht laden</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="37"/>
        <source>fails at run time</source>
        <translation>scheitert zur Laufzeit</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="42"/>
        <location filename="../ui/util/target_text.cpp" line="77"/>
        <location filename="../ui/util/target_text.cpp" line="92"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="71"/>
        <location filename="../ui/util/target_text.cpp" line="86"/>
        <source>falls back</source>
        <translation>weicht aus</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="73"/>
        <source>unsupported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="73"/>
        <source>no kernel</source>
        <translation>kein Kernel</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="84"/>
        <source>converts</source>
        <translation>konvertiert</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="88"/>
        <source>cannot convert</source>
        <translation>nicht konvertierbar</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="88"/>
        <source>cannot load</source>
        <translation>kann nicht laden</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="116"/>
        <source>CPU provider: %1</source>
        <translation>CPU-Provider: %1</translation>
    </message>
    <message>
        <location filename="../ui/util/target_text.cpp" line="119"/>
        <source>fails at run time: %1</source>
        <translation>scheitert zur Laufzeit: %1</translation>
    </message>
</context>
<context>
    <name>qs::ui::TargetsPanel</name>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="64"/>
        <source>Colour Graph by Verdict</source>
        <translation>Graph nach Urteil färben</translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="65"/>
        <source>Colour the graph&apos;s nodes by their verdict on the selected target</source>
        <translation>Die Knoten des Graphen nach ihrem Urteil zum gewählten Ziel färben</translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="77"/>
        <source>&amp;Problems only</source>
        <translation>Nur &amp;Probleme</translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="79"/>
        <source>List only the nodes that do not simply run there: fallbacks, missing kernels, unknowns and run-time failures</source>
        <translation>Nur die Knoten auflisten, die dort nicht einfach laufen: ausweichende, fehlende Kernel, unbekannte und Laufzeitfehler</translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="145"/>
        <source>Open a model to see where it runs, falls back to the CPU provider, or cannot load.</source>
        <translation>Öffnen Sie ein Modell, um zu sehen, wo es läuft, auf den CPU-Provider ausweicht oder nicht geladen werden kann.</translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="148"/>
        <source>Classifying %1 against the deployment targets...</source>
        <translation>Prüfe %1 gegen die Zielplattformen ...</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/panels/targets_panel.cpp" line="170"/>
        <source>%1: %2 nodes against %n target(s), %3 with problems. Tables from %4.</source>
        <translation>
            <numerusform>%1: %2 Knoten gegen %n Ziel, %3 mit Problemen. Tabellen aus %4.</numerusform>
            <numerusform>%1: %2 Knoten gegen %n Ziele, %3 mit Problemen. Tabellen aus %4.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="250"/>
        <source>Select a target to list its nodes.</source>
        <translation>Wählen Sie ein Ziel, um seine Knoten aufzulisten.</translation>
    </message>
    <message>
        <location filename="../ui/panels/targets_panel.cpp" line="253"/>
        <source>Nodes on %1: %2 of %3 listed</source>
        <translation>Knoten auf %1: %2 von %3 aufgelistet</translation>
    </message>
</context>
</TS>
