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
///   (`harmless`);
/// - each template's offset to the elastic distance (``TemplateClass/elasticOffsets``), learned
///   on the training writers by ``ClassData/learnedOffsets(_:best:)`` and kept only when
///   ``ClassData/offsetsGeneralise(_:best:writers:)``: learned on either half of the training
///   writers, they rank more of the other half's records first (else every offset is 0).
///
/// Prints, for each rule, a line a writer and class (`held-out` top-1 with the choices made
/// without the writer, and without offsets; `shipped` top-1 with the shipped matcher, every
/// variant and the shipped offsets; `trained` top-1 on the eight writers the choices were made
/// on), then the totals by class, then the offsets learned the same way on all nine writers (what
/// ``TemplateClass/elasticOffsets`` ships); with `--output`, writes the figures and the choices
/// as JSON, by rule, class and writer.
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

  /// The largest offset, either way, that ``ClassData/learnedOffsets(_:best:)`` tries.
  static let offsetLimit = 0.3
  /// The offsets tried: −0.3 to 0.3 by 0.05.
  static let offsetSteps = (-6...6).map { Double($0) / 20 }

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

    /// The offsets that are not 0, by candidate template name.
    func offsetsByName(_ offsets: [Double]) -> [String: Double] {
      Dictionary(
        uniqueKeysWithValues: offsets.indices.filter { offsets[$0] != 0 }.map {
          (templateClass.templateNames[$0], offsets[$0])
        })
    }
    var candidateCount: Int { (owner.max() ?? -1) + 1 }

    /// Each record's distance to each candidate, its nearest form among those `included`:
    /// `best[record * candidateCount + candidate]` (records not in `records` are left `+∞`).
    func candidateDistances(_ records: [Int], setting: Int, included: [Bool]) -> [Double] {
      var best = [Double](repeating: .infinity, count: truth.count * candidateCount)
      for record in records {
        let row = record * formCount
        let out = record * candidateCount
        for form in 0..<formCount where included[form] {
          best[out + owner[form]] = min(best[out + owner[form]], distances[setting][row + form])
        }
      }
      return best
    }

    /// The records of `records` ranked first with the candidate distances `best` and `offsets`.
    func correct(_ records: [Int], best: [Double], offsets: [Double]) -> Int {
      var count = 0
      for record in records {
        let row = record * candidateCount
        // Ties keep the class order, as `TemplateRanking` does.
        var first = 0
        var nearest = best[row] + offsets[0]
        for c in 1..<candidateCount where best[row + c] + offsets[c] < nearest {
          (first, nearest) = (c, best[row + c] + offsets[c])
        }
        if first == truth[record], nearest < .infinity { count += 1 }
      }
      return count
    }

    /// The records of `records` ranked first with `setting` and the forms `included`.
    func correct(_ records: [Int], setting: Int, included: [Bool]) -> Int {
      correct(
        records, best: candidateDistances(records, setting: setting, included: included),
        offsets: Array(repeating: 0, count: candidateCount))
    }

    /// Offsets to the candidates' distances that rank the most of `records` first: by
    /// coordinate ascent from 0, each candidate's offset in turn set to the step of
    /// ``offsetSteps`` that ranks the most records first (the smallest such offset, in
    /// magnitude), until a pass changes none (at most four passes).
    func learnedOffsets(_ records: [Int], best: [Double]) -> [Double] {
      var offsets = [Double](repeating: 0, count: candidateCount)
      var current = correct(records, best: best, offsets: offsets)
      for _ in 0..<4 {
        var changed = false
        for candidate in offsets.indices {
          var choice = (count: current, offset: offsets[candidate])
          for step in offsetSteps {
            offsets[candidate] = step
            let count = correct(records, best: best, offsets: offsets)
            if count > choice.count || (count == choice.count && abs(step) < abs(choice.offset)) {
              choice = (count, step)
            }
          }
          offsets[candidate] = choice.offset
          if choice.count != current { changed = true }
          current = choice.count
        }
        if !changed { break }
      }
      return offsets
    }

    /// Whether offsets carry from writer to writer among `records`: the writers sorted and
    /// dealt alternately into two halves, offsets learned on either half rank more of the
    /// other half's records first than no offsets do.
    func offsetsGeneralise(_ records: [Int], best: [Double], writers: [String]) -> Bool {
      let names = Set(records.map { writers[$0] }).sorted()
      let first = Set(names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
      let halves = [
        records.filter { first.contains(writers[$0]) },
        records.filter { !first.contains(writers[$0]) },
      ]
      let none = [Double](repeating: 0, count: candidateCount)
      return [(0, 1), (1, 0)].allSatisfy { learn, test in
        let offsets = learnedOffsets(halves[learn], best: best)
        return correct(halves[test], best: best, offsets: offsets)
          > correct(halves[test], best: best, offsets: none)
      }
    }

    /// The offsets learned on `records`, when they carry from writer to writer; else zeros.
    func chosenOffsets(_ records: [Int], best: [Double]) -> [Double] {
      offsetsGeneralise(records, best: best, writers: writers)
        ? learnedOffsets(records, best: best) : Array(repeating: 0, count: candidateCount)
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
    var heldOutWithoutOffsets: Int
    var shipped: Int
    var trainedRecords: Int
    var trained: Int
    var setting: Setting
    var variants: [String]
    /// The offsets chosen without the writer, by template name (those not 0).
    var offsets: [String: Double]
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
    printShippedOffsets(classes, setting: shippedSetting)
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
        let included = choices[setting][index].included
        let best = data.candidateDistances(
          data.writers.indices.map { $0 }, setting: setting, included: included)
        let offsets = data.chosenOffsets(training[index], best: best)
        let trained = data.correct(training[index], best: best, offsets: offsets)
        let everything = data.candidateDistances(
          held, setting: shippedSetting, included: Array(repeating: true, count: data.formCount))
        let figure = WriterFigure(
          writer: writer, records: held.count,
          heldOut: data.correct(held, best: best, offsets: offsets),
          heldOutWithoutOffsets: data.correct(held, setting: setting, included: included),
          shipped: data.correct(
            held, best: everything,
            offsets: data.templateClass.templateNames.map {
              data.templateClass.elasticOffsets[$0] ?? 0
            }),
          trainedRecords: training[index].count, trained: trained, setting: grid[setting],
          variants: data.formNames.indices.filter { included[$0] && data.isVariant[$0] }
            .map { data.formNames[$0] },
          offsets: data.offsetsByName(offsets))
        figures[data.templateClass.rawValue, default: []].append(figure)
        Stopwatch.emit(
          "\(rule)\t\(data.templateClass.rawValue)\t\(writer)\trecords \(held.count)\theld-out "
            + percent(figure.heldOut, held.count) + "\tshipped "
            + percent(figure.shipped, held.count) + "\ttrained "
            + percent(trained, training[index].count) + "\twithout offsets "
            + percent(figure.heldOutWithoutOffsets, held.count) + "\t\(grid[setting])\tvariants "
            + "\(figure.variants.count)\toffsets \(figure.offsets.count)")
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
          + percent(rows.reduce(0) { $0 + $1.trained }, trainedRecords) + "\twithout offsets "
          + percent(rows.reduce(0) { $0 + $1.heldOutWithoutOffsets }, records))
    }
    return figures
  }

  /// Prints the offsets chosen as in a fold but on all nine writers, with the shipped matcher
  /// and every variant: what ``TemplateClass/elasticOffsets`` ships.
  private static func printShippedOffsets(_ classes: [ClassData], setting: Int) {
    for data in classes {
      let everyone = Array(data.writers.indices)
      let best = data.candidateDistances(
        everyone, setting: setting, included: Array(repeating: true, count: data.formCount))
      let offsets = data.chosenOffsets(everyone, best: best)
      let listed = data.offsetsByName(offsets).sorted { $0.key < $1.key }
        .map { "\"\($0.key)\": " + String(format: "%.2f", $0.value) }
      Stopwatch.emit(
        "offsets\t\(data.templateClass.rawValue)\t[" + listed.joined(separator: ", ") + "]")
    }
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
            // The true template's own form is always a candidate, so another template's form
            // ranks first only when nearer than it plus twice the largest offset: other forms
            // are abandoned above that (+∞), which keeps the top-1 of every choice of variants
            // and offsets exact.
            let truthBase = base[truthCopy[record]]
            let own = matcher.distance(signature, to: prototypes[truthBase])
            let threshold = own + 2 * offsetLimit
            for (form, candidates) in prototypes.enumerated() {
              storage[record * flat.count + form] =
                form == truthBase
                ? own
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
