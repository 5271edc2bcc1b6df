/// An XML document read by ``XMLReader``: its elements stored flat, in document order, each with
/// its local name, namespace, attributes, character data and children as indices.
///
/// Nothing in it refers to another node but by index, so freeing a tree of any depth is freeing
/// one array (no recursive `deinit`), and ``Element/serialized()`` walks it with a stack of its
/// own.
///
/// ```swift
/// let tree = try XMLReader.parse(Array("<a xmlns='urn:x'><b>hi</b></a>".utf8))
/// tree.root.children[0].text      // "hi"
/// tree.root.namespace             // "urn:x"
/// ```
package final class XMLTree {
    struct Node {
        var name: String
        var namespace: String?
        /// Qualified names and values, namespace declarations left out, in document order.
        var attributes: [(name: String, value: String)]
        /// The character data directly in the element (CDATA included), its pieces joined.
        var text: [UInt8] = []
        var children: [Int] = []
        /// Byte offset of the start tag in ``bytes``.
        var offset: Int
    }

    var nodes: [Node] = []
    /// The document, for the line and column of an element.
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The root element (the first node).
    package var root: Element { Element(tree: self, index: 0) }

    /// One element of the tree.
    package struct Element {
        let tree: XMLTree
        let index: Int

        private var node: Node { tree.nodes[index] }
        package var name: String { node.name }
        package var namespace: String? { node.namespace }
        package var text: String { String(decoding: node.text, as: UTF8.self) }
        package var children: [Element] { node.children.map { Element(tree: tree, index: $0) } }
        var attributes: [(name: String, value: String)] { node.attributes }

        /// The value of the attribute with this qualified name.
        func attribute(_ name: String) -> String? { node.attributes.first { $0.name == name }?.value }

        /// An error at the element's start tag.
        func error(_ message: String) -> FormatError { FormatError(at: node.offset, in: tree.bytes, message) }

        /// The element written out again (for an element of another namespace kept in an `XML`
        /// property): its namespace declared on it, and on each descendant whose namespace
        /// differs from its parent's (`xmlns=""` for none); attributes sorted by name; text before
        /// the children, white space between children left out.
        ///
        /// - Complexity: O(n) in the size of the element, without recursion.
        func serialized() -> String {
            var out = ""
            // (node, parent's namespace) to open, or a node to close.
            enum Step { case open(Int, String?), close(Int) }
            var steps: [Step] = [.open(index, nil)]
            while let step = steps.popLast() {
                switch step {
                case .close(let i):
                    out += "</" + tree.nodes[i].name + ">"
                case .open(let i, let parentNamespace):
                    let node = tree.nodes[i]
                    out += "<" + node.name
                    if node.namespace != parentNamespace || (i == index && node.namespace != nil) {
                        out += " xmlns=\"" + XMLText.escapeAttribute(node.namespace ?? "") + "\""
                    }
                    for (key, value) in node.attributes.sorted(by: { $0.name < $1.name }) {
                        out += " " + key + "=\"" + XMLText.escapeAttribute(value) + "\""
                    }
                    out += ">"
                    // White space between child elements is layout, not content.
                    if node.children.isEmpty || !node.text.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                        out += XMLText.escape(String(decoding: node.text, as: UTF8.self))
                    }
                    steps.append(.close(i))
                    for child in node.children.reversed() { steps.append(.open(child, node.namespace)) }
                }
            }
            return out
        }
    }
}
