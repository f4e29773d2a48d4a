import Foundation
import InkFormats
import InkMath
import InkRecognition
import InkSampling
import InkTracing

/// `DuctusBench evaluate rank-lowo --datasets DIR [--output FILE.json]`: the elastic ranking of
/// `ductus trace rank` judged leave-one-writer-out on the UNIPEN `apa` characters
/// (`DIR/unipen-apa/data/1a`, `1b`, `1c`; the writer of a record is its `.WRITER_ID`).
///
/// What the ranking has that could be tuned is decided on eight writers and reported on the
/// ninth, for each writer in turn:
///
/// - the matcher's settings, one setting for every class (the product ships one matcher): the
///   point of ``grid`` with the most training records ranked first, summed over the classes;
/// - which of the library's variants (`digits/7.crossed`, `latin/d.apart`, …) join their
///   template as forms (each template's own form always stays), by each ``VariantRule`` in
///   turn: greedily, the variant that adds the most training records ranked first, until none
///   adds any (`helpful`), and then also those that cost the training writers nothing
///   (`harmless`).
///
/// Prints, for each rule, a line a writer and class (`held-out` top-1 with the choices made without the writer,
/// `shipped` top-1 with the shipped matcher and every variant, `trained` top-1 on the eight
/// writers the choices were made on), then the totals by class; with `--output`, writes the same
/// figures and the choices as JSON, by rule, class and writer.
enum RankingEvaluation: BenchmarkSuite {
  static let name = "evaluate"
  static let summary = "evaluations on real data: rank-lowo (UNIPEN apa, leave one writer out)"

  /// A matcher setting of the grid.
  struct Setting: Codable, Hashable, CustomStringConvertible {
    var sampleCount: Int
    var penUpWeight: Double
    var directionWeight: Double

    var matcher: MultistrokeMatcher {
      MultistrokeMatcher(
        sampleCount: sampleCount, penUpWeight: penUpWeight, directionWeight: directionWeight)
    }

    var description: String {
      "\(sampleCount) points, pen-up \(penUpWeight), direction \(directionWeight)"
    }
  }

  /// The settings tried: the shipped one (48 points, pen-up 0.55, direction 0.3) and its two
  /// neighbours on each axis, the others held (a star rather than the whole 3 × 3 × 3 grid,
  /// which would take four times as long on the whole corpus).
  static let grid: [Setting] =
    [shipped]
    + [40, 56].map { Setting(sampleCount: $0, penUpWeight: 0.55, directionWeight: 0.3) }
    + [0.3, 0.8].map { Setting(sampleCount: 48, penUpWeight: $0, directionWeight: 0.3) }
    + [0.15, 0.5].map { Setting(sampleCount: 48, penUpWeight: 0.55, directionWeight: $0) }

  /// The setting `ductus trace rank` ships.
  static let shipped = Setting(sampleCount: 48, penUpWeight: 0.55, directionWeight: 0.3)

  /// How the variants that stand beside their template are chosen on the training writers.
  enum VariantRule: String, CaseIterable, Codable {
    /// Greedily, the variant that adds the most training records ranked first, while one adds
    /// any.
    case helpful
    /// As `helpful`, then every variant that costs the training writers nothing: a writing
    /// model's allograph is dropped only when it hurts (a form no training writer uses, such
    /// as a flagged `1`, stays for the writer who does).
    case harmless
  }

  /// One class's records and their elastic distances to every form, for every setting.
  struct ClassData {
    var templateClass: TemplateClass
    /// Each record's writer and true candidate.
    var writers: [String]
    var truth: [Int]
    /// The candidate each form belongs to, and whether it is the candidate's own template.
    var owner: [Int]
    var isVariant: [Bool]
    var formNames: [String]
    /// `distances[setting][record * forms + form]`.
    var distances: [[Double]]

    var formCount: Int { owner.count }
    var candidateCount: Int { (owner.max() ?? -1) + 1 }

    /// The records of `records` ranked first with `setting` and the forms `included`.
    func correct(_ records: [Int], setting: Int, included: [Bool]) -> Int {
      var count = 0
      var best = [Double](repeating: .infinity, count: candidateCount)
      for record in records {
        for c in best.indices { best[c] = .infinity }
        let row = record * formCount
        for form in 0..<formCount where included[form] {
          best[owner[form]] = min(best[owner[form]], distances[setting][row + form])
        }
        // Ties keep the class order, as `TemplateRanking` does.
        var first = 0
        for c in best.indices where best[c] < best[first] { first = c }
        if first == truth[record], best[first] < .infinity { count += 1 }
      }
      return count
    }

    /// The variants chosen on `records` for `setting` by `rule`, and the records then right.
    func chosenForms(_ records: [Int], setting: Int, rule: VariantRule) -> (
      included: [Bool], correct: Int
    ) {
      var included = isVariant.map { !$0 }
      var correct = self.correct(records, setting: setting, included: included)
      while true {
        var best: (gain: Int, form: Int)?
        for form in 0..<formCount where isVariant[form] && !included[form] {
          included[form] = true
          let gain = self.correct(records, setting: setting, included: included) - correct
          included[form] = false
          if gain > (best?.gain ?? -1) { best = (gain, form) }
        }
        guard let (gain, form) = best, gain > 0 || (gain == 0 && rule == .harmless) else {
          return (included, correct)
        }
        included[form] = true
        correct += gain
      }
    }
  }

  /// One held-out writer's figures in one class.
  struct WriterFigure: Codable {
    var writer: String
    var records: Int
    var heldOut: Int
    var shipped: Int
    var trainedRecords: Int
    var trained: Int
    var setting: Setting
    var variants: [String]
  }

  static func run(_ arguments: BenchmarkArguments) throws {
    guard arguments.caseName == "rank-lowo" else {
      throw BenchmarkError.unknownCase(arguments.caseName, known: ["rank-lowo"])
    }
    let data = URL(fileURLWithPath: try arguments.string("datasets"))
      .appendingPathComponent("unipen-apa/data")
    let folders: [(TemplateClass, String)] = [(.digits, "1a"), (.capitals, "1b"), (.small, "1c")]
    let classes = try folders.map { templateClass, folder in
      try measure(templateClass, folder: data.appendingPathComponent(folder))
    }
    let writers = Set(classes.flatMap(\.writers)).sorted()
    let shippedSetting = grid.firstIndex(of: shipped)!
    var figures: [String: [String: [WriterFigure]]] = [:]
    for rule in VariantRule.allCases {
      figures[rule.rawValue] = leaveOneWriterOut(
        classes, writers: writers, rule: rule, shippedSetting: shippedSetting)
    }
    if let output = try? arguments.string("output") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try encoder.encode(figures).write(to: URL(fileURLWithPath: output), options: .atomic)
    }
  }

  /// The folds for one variant rule: for each writer, the setting and variants chosen on the
  /// others and the figures on the writer; prints a line a writer and class, then the totals.
  private static func leaveOneWriterOut(
    _ classes: [ClassData], writers: [String], rule: VariantRule, shippedSetting: Int
  ) -> [String: [WriterFigure]] {
    var figures: [String: [WriterFigure]] = [:]
    for writer in writers {
      // One setting for every class: the most training records right, summed over the classes.
      let training = classes.map { data in
        data.writers.indices.filter { data.writers[$0] != writer }
      }
      let choices = grid.indices.map { setting in
        zip(classes, training).map { data, records in
          data.chosenForms(records, setting: setting, rule: rule)
        }
      }
      let setting = choices.indices.max { a, b in
        choices[a].reduce(0) { $0 + $1.correct } < choices[b].reduce(0) { $0 + $1.correct }
      }!
      for (index, data) in classes.enumerated() {
        let held = data.writers.indices.filter { data.writers[$0] == writer }
        guard !held.isEmpty else { continue }
        let (included, trained) = choices[setting][index]
        let figure = WriterFigure(
          writer: writer, records: held.count,
          heldOut: data.correct(held, setting: setting, included: included),
          shipped: data.correct(
            held, setting: shippedSetting, included: Array(repeating: true, count: data.formCount)),
          trainedRecords: training[index].count, trained: trained, setting: grid[setting],
          variants: data.formNames.indices.filter { included[$0] && data.isVariant[$0] }
            .map { data.formNames[$0] })
        figures[data.templateClass.rawValue, default: []].append(figure)
        Stopwatch.emit(
          "\(rule)\t\(data.templateClass.rawValue)\t\(writer)\trecords \(held.count)\theld-out "
            + percent(figure.heldOut, held.count) + "\tshipped "
            + percent(figure.shipped, held.count) + "\ttrained "
            + percent(trained, training[index].count) + "\t\(grid[setting])\tvariants "
            + "\(figure.variants.count)")
      }
    }
    for data in classes {
      let rows = figures[data.templateClass.rawValue] ?? []
      let records = rows.reduce(0) { $0 + $1.records }
      let trainedRecords = rows.reduce(0) { $0 + $1.trainedRecords }
      Stopwatch.emit(
        "\(rule)\t\(data.templateClass.rawValue)\tall\trecords \(records)\theld-out "
          + percent(rows.reduce(0) { $0 + $1.heldOut }, records) + "\tshipped "
          + percent(rows.reduce(0) { $0 + $1.shipped }, records) + "\ttrained "
          + percent(rows.reduce(0) { $0 + $1.trained }, trainedRecords))
    }
    return figures
  }

  private static func percent(_ count: Int, _ total: Int) -> String {
    String(format: "%.1f%%", 100 * Double(count) / Double(max(total, 1)))
  }

  /// Reads a class's records and measures every record against every form for every setting.
  private static func measure(_ templateClass: TemplateClass, folder: URL) throws -> ClassData {
    var reader = try InkFileFormat.openCorpus(at: folder)
    var inks: [[SampleBuffer]] = []
    var writers: [String] = []
    var truth: [Int] = []
    let sampler = StrokeSampler()
    while let record = try reader.next() {
      guard let index = templateClass.index(ofLabel: record.label) else { continue }
      inks.append(sampler.samples(of: record.drawing))
      writers.append(record.metadata["writer"] ?? "unknown")
      truth.append(index)
    }
    let forms = try TemplateLibrary.bundled.forms(of: templateClass.templateNames)
    let owner = forms.indices.flatMap { c in Array(repeating: c, count: forms[c].count) }
    let isVariant = forms.flatMap { these in these.indices.map { $0 > 0 } }
    let flat = forms.flatMap { $0 }
    let records = inks
    let truthCopy = truth
    let distances = grid.enumerated().map { number, setting in
      let matcher = setting.matcher
      let prototypes = flat.map { matcher.prototypes(of: $0.strokes.map(\.samples)) }
      let base = forms.indices.map { c in owner.firstIndex(of: c)! }
      var values = [Double](repeating: .infinity, count: records.count * flat.count)
      values.withUnsafeMutableBufferPointer { buffer in
        let storage = DisjointWriteBuffer(buffer)
        ParallelLoop.forEachChunk(of: 0..<records.count) { chunk in
          for record in chunk {
            guard let signature = try? matcher.signature(of: records[record]) else { continue }
            // The true template's own form is always a candidate, so a form farther than it
            // never ranks first: other forms are abandoned above its distance (+∞), which keeps
            // the top-1 of every choice of variants exact.
            let truthBase = base[truthCopy[record]]
            let threshold = matcher.distance(signature, to: prototypes[truthBase])
            for (form, candidates) in prototypes.enumerated() {
              storage[record * flat.count + form] =
                form == truthBase
                ? threshold
                : owner[form] == truthCopy[record]
                  ? matcher.distance(signature, to: candidates)
                  : matcher.distance(signature, to: candidates, abandoningAbove: threshold)
            }
          }
        }
      }
      FileHandle.standardError.write(
        Data("evaluate: \(templateClass.rawValue): setting \(number + 1) of \(grid.count)\n".utf8))
      return values
    }
    FileHandle.standardError.write(
      Data("evaluate: \(templateClass.rawValue): \(inks.count) records, \(flat.count) forms\n".utf8)
    )
    return ClassData(
      templateClass: templateClass, writers: writers, truth: truth, owner: owner,
      isVariant: isVariant, formNames: flat.map(\.name), distances: distances)
  }
}
