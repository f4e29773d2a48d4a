import DuctusTestSupport
import Foundation
import InkTracing
import OpenPencilKit
import Testing

/// The message catalogs: every code, verdict and picture label in every language, the same
/// codes whatever the language, and the language chosen as gettext would.
@Suite("Tracing messages in the child's language")
struct TracingMessageCatalogTests {
  @Test(arguments: TracingMessageCatalog.all.map(\.language))
  func everyCatalogHasWordsForEverything(language: String) throws {
    let catalog = try #require(TracingMessageCatalog.named(language))
    #expect(Set(catalog.messages.keys) == Set(TracingCode.allCases))
    #expect(Set(catalog.verdicts.keys) == Set(TracingVerdict.allCases))
    #expect(Set(catalog.pictureLabels.keys) == Set(TracingMessageCatalog.PictureLabel.allCases))
    // One message a code: no two codes say the same thing.
    #expect(Set(catalog.messages.values).count == TracingCode.allCases.count)
    #expect(catalog.messages.values.allSatisfy { !$0.isEmpty })
    if language != "en" {
      // Translated, not copied.
      let english = TracingMessageCatalog.english
      #expect(TracingCode.allCases.filter { catalog.message($0) == english.message($0) }.isEmpty)
    }
  }

  @Test func codesStayTheSameInEveryLanguage() throws {
    let template = try TemplateLibrary.bundled.template(named: "latin/E")
    var synthesizer = TraceSynthesizer(seed: 3)
    let attempt = synthesizer.attempt(of: template, defects: [.reversed(stroke: 2), .extra])
    let reports = try TracingMessageCatalog.all.map {
      try TracingScorer(placement: .box, messages: $0).score(attempt.drawing, against: template)
    }
    let english = reports[0]
    #expect(english.language == "en")
    for report in reports.dropFirst() {
      #expect(report.strokes.map(\.codes) == english.strokes.map(\.codes))
      #expect(report.score == english.score && report.verdict == english.verdict)
      #expect(report.strokes.map(\.messages) != english.strokes.map(\.messages))
      let catalog = try #require(TracingMessageCatalog.named(report.language))
      #expect(report.strokes.allSatisfy { $0.messages == $0.codes.map(catalog.message) })
      #expect(report.text.contains(catalog.words(report.verdict)))
    }
    #expect(reports[1].strokes[1].messages == ["Empieza en el punto verde y sigue la flecha."])
    #expect(reports[2].strokes[1].messages == ["Commence au point vert et suis la flèche."])
  }

  @Test func theLanguageComesFromTheEnvironmentAsGettextReadsIt() {
    #expect(TracingMessageCatalog.named("es_ES.UTF-8")?.language == "es")
    #expect(TracingMessageCatalog.named("fr-CA")?.language == "fr")
    #expect(TracingMessageCatalog.named("de_DE") == nil)
    #expect(TracingMessageCatalog.forEnvironment([:]).language == "en")
    #expect(TracingMessageCatalog.forEnvironment(["LANG": "fr_FR.UTF-8"]).language == "fr")
    #expect(
      TracingMessageCatalog.forEnvironment(["LANG": "fr_FR.UTF-8", "LC_ALL": "es_MX"]).language
        == "es")
    #expect(
      TracingMessageCatalog.forEnvironment(["LANG": "fr_FR", "LC_MESSAGES": "C"]).language
        == "en")
  }
}
