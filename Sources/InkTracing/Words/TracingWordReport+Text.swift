extension TracingWordReport {
  /// The readable form: the word's score, stars and verdict, then each letter's report.
  ///
  /// ```
  /// "cat": 96.3/100 ★★★ excellent  (standard)
  /// latin/c: 97.1/100 ★★★ excellent  (strokes, standard)
  ///   stroke 1: excellent 97.1 — ok  [coverage 100%, precision 100%, deviation 1.1%]
  /// ```
  public var text: String {
    let catalog = TracingMessageCatalog.named(language) ?? .english
    let stars = String(repeating: "★", count: stars) + String(repeating: "☆", count: 3 - stars)
    let head =
      "\"\(word)\": \(TracingReport.formattedScore(score))/100 \(stars) "
      + "\(catalog.words(verdict))  (\(level))\n"
    return head + letters.map(\.text).joined()
  }
}
