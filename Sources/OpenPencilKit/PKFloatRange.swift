import Foundation

/// A closed range of floating-point values, as PencilKit uses for parametric ranges and widths.
public typealias PKFloatRange = ClosedRange<CGFloat>
