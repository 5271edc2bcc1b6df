#!/usr/bin/env bash
# swift format lint --strict over Sources and Tests, with the committed .swift-format: 4-space
# indents, the line length the code uses (270), and the rules the code follows (DoNotUseSemicolons,
# OneVariableDeclarationPerLine, OrderedImports, OnlyOneTrailingClosureArgument,
# NoParensAroundConditions, OneCasePerLine and AlwaysUseLowerCamelCase are off: the code uses
# `case x: a; b`, `var a = 0, b = 0` and `#if canImport(Glibc)` before the other imports).
# Every file must pass; to fix one: swift format format --configuration .swift-format -i FILE
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files 'Sources/*.swift' 'Tests/*.swift' 'Benchmarks/*.swift' 'Fuzz/Sources/*.swift')
swift format lint --strict --configuration .swift-format "${files[@]}"
