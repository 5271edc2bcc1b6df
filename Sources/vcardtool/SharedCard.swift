import VCardParser

/// A card behind a reference, to hand from the thread that parsed it to the calling thread: a
/// result of ``Input/forEachCard(options:diagnostics:transform:asRead:_:)`` that holds one is
/// copied and destroyed as a pointer, where an optional card in it (a struct of arrays and
/// optional slices) would be copied and destroyed field by field, through the runtime's value
/// witnesses, at each step between the threads. Not generic, so that no metadata is looked
/// up to copy it either.
///
/// ```swift
/// try input.forEachCard(reportingErrorsTo: terminal, transform: { card in wanted(card) ? SharedCard(card) : nil }) { matched in
///     if let card = matched?.card { print(card.displayName) }
/// }
/// ```
final class SharedCard: Sendable {
    let card: VCard

    init(_ card: VCard) { self.card = card }
}
