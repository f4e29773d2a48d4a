import DuctusTestSupport
import Foundation
import InkFormats
import InkMath
import InkSampling
import InkShapes

/// `DuctusBench evaluate-shapes real --datasets DIR`: the shape recognizer of `InkShapes` judged
/// on real data nobody here made, each figure on a tuning half and a held-out half:
///
/// - the $1 unistroke logs (`DIR/dollar-unistroke`), their shape gestures;
/// - the Quick, Draw! shape categories (`DIR/quickdraw-dev`);
/// - the UNIPEN `apa` small letters (`DIR/unipen-apa/data/1c`), apart from those that are shapes
///   alone, which should come back `none`;
/// - with `--drawn-shapes DIR`, the Drawn Shapes Dataset of iPad Pencil shapes
///   (``DrawnShapesReader``; a checkout of its repository at `DIR`), its circles, ovals,
///   squares, rectangles, diamonds and triangles;
///
/// targets, kinds and halves as `ShapeDataProtocol` (in `DuctusTestSupport`) defines them.
///
/// Every threshold of the recognizer was decided on the tuning halves only. Prints, for each
/// corpus and half, the accuracy over the target classes, a line a class with the kinds it came
/// out as (the confusion), the calibration (accuracy by confidence bin over both shapes and
/// letters), and last the logistic regression of every candidate's rightness on its confidence
/// features, fitted on the tuning halves' records that are one group, the Drawn Shapes'
/// apart (what `ShapeConfidence` ships); with `--features
/// FILE.csv`, writes every candidate's corpus, label, half, kind, rightness and features.
enum ShapeEvaluation: BenchmarkSuite {
  static let name = "evaluate-shapes"
  static let summary =
    "the shape recognizer on real data: real ($1 logs, Quick, Draw!, UNIPEN, Drawn Shapes)"

  /// One record's outcome.
  struct Outcome {
    var corpus: String
    var label: String
    var tuning: Bool
    /// Whether the label is a target class (or a letter that should be `none`).
    var isTarget: Bool
    /// The answer's kind (for letters: `none` when every group is `none`, else the first
    /// shape's kind).
    var kind: ShapeKind
    /// The answer's subkind (of the shape whose kind is ``kind``), when it has one.
    var subkind: ShapeSubkind?
    var right: Bool
    /// Every group's chosen reading before the threshold: its kind and confidence.
    var chosen: [(kind: ShapeKind, confidence: Double)]
    /// Every candidate reading of every group: its kind, confidence and features.
    var readings: [(kind: ShapeKind, confidence: Double, features: [Double])]
  }

  static func run(_ arguments: BenchmarkArguments) throws {
    if arguments.caseName == "explain" { return try explain(arguments) }
    if arguments.caseName == "speed" { return speed() }
    if arguments.caseName == "synthetic" { return try synthetic(arguments) }
    guard arguments.caseName == "real" else {
      throw BenchmarkError.unknownCase(
        arguments.caseName, known: ["real", "explain", "speed", "synthetic"])
    }
    let data = URL(fileURLWithPath: try arguments.string("datasets"))
    let recognizer = ShapeRecognizer()
    var outcomes: [Outcome] = []
    outcomes += try evaluate(
      corpus: "dollar", folder: data.appendingPathComponent("dollar-unistroke"),
      recognizer: recognizer
    ) { record in
      (
        record.label ?? "", ShapeDataProtocol.dollarTunes(record),
        ShapeDataProtocol.dollarKinds[record.label ?? ""]
      )
    }
    outcomes += try evaluate(
      corpus: "quickdraw", folder: data.appendingPathComponent("quickdraw-dev"),
      recognizer: recognizer
    ) { record in
      (
        record.label ?? "", ShapeDataProtocol.quickDrawTunes(record),
        ShapeDataProtocol.quickDrawKinds[record.label ?? ""]
      )
    }
    let letters = data.appendingPathComponent("unipen-apa/data/1c")
    let writers = try ShapeDataProtocol.tuningWriters(in: letters)
    outcomes += try evaluate(corpus: "unipen", folder: letters, recognizer: recognizer) { record in
      let label = record.label ?? ""
      let tuning = writers.contains(record.metadata["writer"] ?? "")
      return (
        label, tuning, ShapeDataProtocol.shapeLetters.contains(label) ? nil : [ShapeKind.none]
      )
    }
    if let root = arguments.optionalString("drawn-shapes") {
      outcomes += try evaluate(
        corpus: "drawn", reader: DrawnShapesReader(root: URL(fileURLWithPath: root)),
        recognizer: recognizer
      ) { record in
        (
          record.label ?? "", ShapeDataProtocol.drawnShapesTunes(record),
          ShapeLabel.kinds(for: record.label ?? "")
        )
      }
    }
    for corpus in ["dollar", "quickdraw", "unipen", "drawn"] {
      for tuning in [true, false] where outcomes.contains(where: { $0.corpus == corpus }) {
        report(
          outcomes.filter { $0.corpus == corpus && $0.tuning == tuning }, corpus: corpus,
          tuning: tuning)
      }
    }
    reportThresholds(outcomes.filter { $0.tuning && $0.isTarget })
    for tuning in [true, false] {
      reportCalibration(outcomes.filter { $0.tuning == tuning && $0.isTarget }, tuning: tuning)
    }
    if let path = try? arguments.string("features") {
      var text = "corpus,label,tuning,kind,right,features\n"
      for outcome in outcomes where outcome.isTarget {
        for reading in outcome.readings {
          text +=
            "\(outcome.corpus),\(outcome.label),\(outcome.tuning),\(reading.kind.rawValue),"
            + "\(isRight(reading.kind, outcome)),"
            + reading.features.map { String($0) }.joined(separator: " ") + "\n"
        }
      }
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    // A label names a record's one group; the groups of a record split apart (a diamond whose
    // four sides touched too little to join) have no label, so they stay out of the fit.
    // The Drawn Shapes Dataset, a later corpus, stays out of the fit, as out of the weights
    // `ShapeConfidence` ships (the article records a refit with it).
    let weights = fitLogistic(
      outcomes.filter {
        $0.tuning && $0.isTarget && $0.chosen.count == 1 && $0.corpus != "drawn"
      })
    Stopwatch.emit(
      "confidence\tlogistic weights on the tuning halves, a row a family (intercept, ln mean, uncovered, ln complexity, corner evidence)\t"
        + weights.map { String(format: "%.3f", $0) }.joined(separator: ", "))
  }

  /// `speed`: the time to recognise one 200-point stroke (a wobbly circle, a rectangle, a
  /// scribble), 2,000 times each after a warm-up, as `name<TAB>seconds` lines of the median and
  /// the 99th percentile.
  static func speed() {
    let n = 200
    let angles = (0..<n).map { 2 * Double.pi * Double($0) / Double(n - 1) }
    let circle = SampleBuffer(
      xs: angles.map { 100 + (50 + 2 * sin(7 * $0)) * cos($0) },
      ys: angles.map { 100 + (50 + 2 * sin(7 * $0)) * sin($0) })
    let rectangle = SampleBuffer(
      xs: (0..<n).map { i in [0.0, 160, 160, 0][i * 4 / n] + (i % 50 < 25 ? 1 : -1) * 0.3 },
      ys: (0..<n).map { i in
        let t = Double(i % 50) / 50
        return [0, 80 * t, 80, 80 * (1 - t)][i * 4 / n]
      })
    let scribble = SampleBuffer(
      xs: (0..<n).map { Double($0) + 20 * sin(Double($0) * 1.7) },
      ys: (0..<n).map { 50 + 40 * sin(Double($0) * 2.9) })
    let recognizer = ShapeRecognizer()
    for (name, stroke) in [("circle", circle), ("rectangle", rectangle), ("scribble", scribble)] {
      for _ in 0..<50 { _ = recognizer.shape(of: [stroke]) }
      var times: [Double] = []
      for _ in 0..<2000 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = recognizer.shape(of: [stroke])
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      times.sort()
      Stopwatch.emit("shapes.\(name).200.p50\t" + String(format: "%.6f", times[1000]))
      Stopwatch.emit("shapes.\(name).200.p99\t" + String(format: "%.6f", times[1980]))
    }
  }

  /// `synthetic [--count N] [--seed S] [--explain KIND]`: the shapes of `ductus synth shapes -n N
  /// --seed S` (2,200 and 7 by default), made in memory and recognised, as a line a kind with its
  /// right share and the kinds it came out as, then the share over the kinds that are right at
  /// least once (those the recognizer reads); with `--explain`, first the readings of the
  /// specimens of that kind read wrong (as `explain` prints them).
  static func synthetic(_ arguments: BenchmarkArguments) throws {
    let count = try arguments.integer("count", default: 2200)
    let synthesizer = ShapeSynthesizer(seed: UInt64(try arguments.integer("seed", default: 7)))
    let kinds = ShapeSynthesizer.kinds
    let recognizer = ShapeRecognizer()
    let explained = try? arguments.string("explain")
    var tally = ShapeEvaluationTally()
    for i in 0..<count {
      let specimen = synthesizer.specimen(kind: kinds[i % kinds.count], index: i)
      let shapes = recognizer.shapes(in: specimen.drawing)
      tally.add(label: specimen.truth.kind.rawValue, shapes: shapes, truth: specimen.truth)
      if specimen.truth.kind.rawValue == explained,
        !ShapeEvaluationTally.isRight(shapes, expected: [specimen.truth.kind])
      {
        Stopwatch.emit("\(explained ?? "")#\(i)\tstrokes \(specimen.drawing.strokes.count)")
        let strokes = ShapeRecognizer.strokeSamples(of: specimen.drawing)
        for line in recognizer.explanation(of: strokes) { Stopwatch.emit("  " + line) }
      }
    }
    let read = tally.labels.filter { $0.value.right > 0 }
    for (label, counts) in tally.labels.sorted(by: { $0.key < $1.key }) {
      Stopwatch.emit(
        "synthetic\t\(label)\t\(counts.right)/\(counts.count)\t" + listed(counts.kinds))
    }
    let right = read.values.reduce(0) { $0 + $1.right }
    let total = read.values.reduce(0) { $0 + $1.count }
    Stopwatch.emit(
      "synthetic\tkinds read \(read.count)\tright \(right)/\(total)\t"
        + String(format: "%.1f%%", 100 * Double(right) / Double(max(total, 1))))
  }

  /// `explain --input FILE|FOLDER [--label L]`: the answers of each record (of label `L`), a
  /// line a group with its strokes, then every reading of all its strokes chained, best first.
  static func explain(_ arguments: BenchmarkArguments) throws {
    var reader = try InkFileFormat.openCorpus(
      at: URL(fileURLWithPath: try arguments.string("input")))
    let label = try? arguments.string("label")
    let limit = try arguments.integer("limit", default: 10)
    var shown = 0
    while let record = try reader.next(), shown < limit {
      guard label == nil || record.label == label else { continue }
      shown += 1
      let strokes = ShapeRecognizer.strokeSamples(of: record.drawing)
      Stopwatch.emit("\(record.key)\t\(record.label ?? "")\tstrokes \(strokes.count)")
      for shape in ShapeRecognizer().shapes(inStrokes: strokes) {
        Stopwatch.emit(
          "  answer \(shape.kind.rawValue) "
            + String(format: "%.3f", shape.confidence) + " strokes \(shape.strokes)")
      }
      for line in ShapeRecognizer().explanation(of: strokes) { Stopwatch.emit("  " + line) }
    }
  }

  /// Reads a corpus and recognises every record; `classify` gives a record's label, half, and
  /// the kinds it is right as (`nil` when it is no target).
  static func evaluate(
    corpus: String, folder: URL, recognizer: ShapeRecognizer,
    classify: (CorpusRecord) -> (String, Bool, Set<ShapeKind>?)
  ) throws -> [Outcome] {
    try evaluate(
      corpus: corpus, reader: InkFileFormat.openCorpus(at: folder), recognizer: recognizer,
      classify: classify)
  }

  /// Recognises every record of `reader`, as ``evaluate(corpus:folder:recognizer:classify:)``.
  static func evaluate(
    corpus: String, reader: some CorpusReader, recognizer: ShapeRecognizer,
    classify: (CorpusRecord) -> (String, Bool, Set<ShapeKind>?)
  ) throws -> [Outcome] {
    var reader = reader
    var outcomes: [Outcome] = []
    let start = Date()
    while let record = try reader.next() {
      let (label, tuning, expected) = classify(record)
      let strokes = ShapeRecognizer.strokeSamples(of: record.drawing)
      let shapes = recognizer.shapes(inStrokes: strokes)
      let named = shapes.filter { $0.kind != .none }
      let answer =
        corpus == "unipen" ? named.first : named.max { $0.strokes.count < $1.strokes.count }
      let kind = answer?.kind ?? .none
      let readings = recognizer.calibrationReadings(inStrokes: strokes)
      var unthresholded = recognizer
      unthresholded.minimumConfidence = 0
      let chosen = unthresholded.shapes(inStrokes: strokes).map {
        $0.kind == .none ? (ShapeKind.none, 0.0) : ($0.kind, $0.confidence)
      }
      let right =
        expected.map {
          ShapeDataProtocol.isRight(shapes, expected: $0, isLetter: corpus == "unipen")
        } ?? false
      outcomes.append(
        Outcome(
          corpus: corpus, label: label, tuning: tuning, isTarget: expected != nil, kind: kind,
          subkind: answer?.subkind, right: right, chosen: chosen, readings: readings))
    }
    let seconds = Date().timeIntervalSince(start)
    FileHandle.standardError.write(
      Data(
        "evaluate-shapes: \(corpus): \(outcomes.count) records in \(String(format: "%.1f", seconds)) s\n"
          .utf8))
    return outcomes
  }

  /// Prints a half's accuracy over its targets and a line a label with the kinds it came out as,
  /// and for a label that names a subkind (`square`, `rectangle`, `diamond`), a line with the
  /// subkinds its right answers came out as.
  static func report(_ outcomes: [Outcome], corpus: String, tuning: Bool) {
    let half = tuning ? "tune" : "held-out"
    let targets = outcomes.filter(\.isTarget)
    let right = targets.filter(\.right).count
    Stopwatch.emit(
      "\(corpus)\t\(half)\ttargets \(targets.count)\tright \(right)\t"
        + String(format: "%.1f%%", 100 * Double(right) / Double(max(targets.count, 1))))
    for label in Set(outcomes.map(\.label)).sorted() {
      let these = outcomes.filter { $0.label == label }
      var kinds: [String: Int] = [:]
      for outcome in these { kinds[outcome.kind.rawValue, default: 0] += 1 }
      let target = these[0].isTarget ? "" : " (no target)"
      Stopwatch.emit(
        "\(corpus)\t\(half)\t\(label)\(target)\t\(these.filter(\.right).count)/\(these.count)\t"
          + listed(kinds))
      // A label that names a subkind (a square, a diamond) is also scored on it.
      guard let named = ShapeSubkind(rawValue: label), these[0].isTarget else { continue }
      var subkinds: [String: Int] = [:]
      for outcome in these where outcome.right {
        subkinds[outcome.subkind?.rawValue ?? "none", default: 0] += 1
      }
      Stopwatch.emit(
        "\(corpus)\t\(half)\t\(label) subkind\t"
          + "\(these.filter { $0.right && $0.subkind == named }.count)/\(these.count)\t"
          + listed(subkinds))
    }
  }

  /// A confusion row's kinds, "kind count, …", the most frequent first and equal counts by name
  /// (so that the line does not change with the hash seed from run to run).
  static func listed(_ kinds: [String: Int]) -> String {
    kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
      .joined(separator: ", ")
  }

  /// Prints, by confidence bin of the chosen readings (each group's, before the threshold), how
  /// many were of a right kind: for shapes, the kind expected; for letters, never (any reading
  /// of a letter as a shape is wrong).
  static func reportCalibration(_ outcomes: [Outcome], tuning: Bool) {
    var bins = [(Int, Int)](repeating: (0, 0), count: 10)
    for outcome in outcomes {
      for reading in outcome.chosen where reading.kind != .none {
        let bin = min(9, Int(reading.confidence * 10))
        bins[bin].0 += 1
        if isRight(reading.kind, outcome) { bins[bin].1 += 1 }
      }
    }
    for (bin, (count, right)) in bins.enumerated() where count > 0 {
      Stopwatch.emit(
        "calibration\t\(tuning ? "tune" : "held-out")\t"
          + String(format: "%.1f–%.1f", Double(bin) / 10, Double(bin + 1) / 10)
          + "\treadings \(count)\tright "
          + String(format: "%.1f%%", 100 * Double(right) / Double(count)))
    }
  }

  /// Prints, for minimum confidences 0.1 to 0.9 in steps of 0.05, the share of shape records
  /// (of the $1 logs and Quick, Draw!, each corpus weighing half) answered as their kind and the
  /// share of letters answered `none`, from the unthresholded answers, then the default's rule:
  /// the lowest minimum at which the tuning halves' letters come back `none` at least
  /// ``letterShare`` of the time (the target of 90% and a margin), so that as many shapes as
  /// that allows come out.
  static func reportThresholds(_ outcomes: [Outcome]) {
    var chosen: Double?
    for step in 2...18 {
      let threshold = Double(step) / 20
      func share(_ corpus: String) -> Double {
        let these = outcomes.filter { $0.corpus == corpus }
        let right = these.filter { outcome in
          if corpus == "unipen" { return outcome.chosen.allSatisfy { $0.confidence < threshold } }
          return outcome.chosen.count == 1 && outcome.chosen[0].confidence >= threshold
            && isRight(outcome.chosen[0].kind, outcome)
        }
        return Double(right.count) / Double(max(these.count, 1))
      }
      let shapes = (share("dollar") + share("quickdraw")) / 2
      let letters = share("unipen")
      Stopwatch.emit(
        String(
          format: "threshold\ttune\t%.2f\tshapes %.1f%%\tletters none %.1f%%\tmean %.1f%%",
          threshold, 100 * shapes, 100 * letters, 50 * (shapes + letters)))
      if chosen == nil, letters >= letterShare { chosen = threshold }
    }
    Stopwatch.emit(
      "threshold\ttune\tchosen\t" + (chosen.map { String(format: "%.2f", $0) } ?? "none"))
  }

  /// The share of the tuning letters the default minimum confidence keeps `none`.
  static let letterShare = 0.92

  /// Whether a reading's kind is right for the record.
  static func isRight(_ kind: ShapeKind, _ outcome: Outcome) -> Bool {
    switch outcome.corpus {
    case "dollar": ShapeDataProtocol.dollarKinds[outcome.label]?.contains(kind) ?? false
    case "quickdraw": ShapeDataProtocol.quickDrawKinds[outcome.label]?.contains(kind) ?? false
    case "drawn": ShapeLabel.kinds(for: outcome.label)?.contains(kind) ?? false
    default: false
    }
  }

  /// Logistic regression of every candidate reading's rightness on its features, by Newton's
  /// method with a small ridge, every class weighing the same: a weight a feature.
  static func fitLogistic(_ outcomes: [Outcome]) -> [Double] {
    let ridge = 0.1
    // Every class weighs the same (a record 1 / the records of its class), so that the 26 lines
    // of Quick, Draw! count as much as the 3,000 letters against lines (a letter's stroke is
    // often straight).
    var classSizes: [String: Int] = [:]
    for outcome in outcomes { classSizes[outcome.corpus + "/" + outcome.label, default: 0] += 1 }
    var rows: [(x: [Double], y: Double, weight: Double)] = []
    for outcome in outcomes {
      let weight = 100 / Double(classSizes[outcome.corpus + "/" + outcome.label]!)
      for reading in outcome.readings where reading.features.allSatisfy(\.isFinite) {
        rows.append((reading.features, isRight(reading.kind, outcome) ? 1 : 0, weight))
      }
    }
    guard let width = rows.first?.0.count else { return [] }
    var w = [Double](repeating: 0, count: width)
    for _ in 0..<30 {
      var gradient = [Double](repeating: 0, count: width)
      var hessian = [Double](repeating: 0, count: width * width)
      for (x, y, weight) in rows {
        let z = zip(w, x).reduce(0) { $0 + $1.0 * $1.1 }
        let p = 1 / (1 + exp(-z))
        for a in 0..<width where x[a] != 0 {
          gradient[a] += weight * (p - y) * x[a]
          for b in 0..<width where x[b] != 0 {
            hessian[a * width + b] += weight * p * (1 - p) * x[a] * x[b]
          }
        }
      }
      for a in 0..<width {
        gradient[a] += ridge * w[a]
        hessian[a * width + a] += ridge
      }
      guard let h = try? Matrix(rows: width, columns: width, elements: hessian),
        let g = try? Matrix(rows: width, columns: 1, elements: gradient),
        let solved = try? Matrix.solvePositiveDefinite(h, g)
      else { break }
      let step = (0..<width).map { solved[$0, 0] }
      for a in 0..<width { w[a] -= step[a] }
      if step.reduce(0, { $0 + abs($1) }) < 1e-9 { break }
    }
    return w
  }
}
