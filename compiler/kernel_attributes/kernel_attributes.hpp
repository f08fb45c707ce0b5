#pragma once
// tessera-kernel-attributes: a clang 19 plugin (-fplugin=libtessera-kernel-attributes.so) that lets
// the runtime see SYCL 2020's kernel attributes (§5.8.1) written on a kernel's call operator:
// [[sycl::reqd_work_group_size(...)]], [[sycl::reqd_sub_group_size(N)]],
// [[sycl::work_group_size_hint(...)]] and [[sycl::device_has(aspects...)]].
//
// 1. sycl_attributes.cpp: clang accepts the four attributes on functions and keeps each as an
//    annotation ("tessera.sycl.<name>"), whose arguments clang evaluates as constants, also after
//    a template's instantiation.
// 2. attribute_words.cpp: at the end of the translation unit, for each kernel type K that the
//    runtime asked about (each specialization of tessera::runtime::kernel_attribute_words<K>, a
//    pointer that include/tessera/runtime/kernel_attributes.hpp defines as null), the words of K's
//    call operators' attributes; then a pass at the start of the optimisation pipeline points
//    that variable at them. The runtime reads it when it registers the kernel's name, before
//    main. Without the plugin (g++, or clang without it) it stays null: no attributes.
// 3. lambda_attributes.cpp: the same attributes written after a lambda's parameters.
#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>

#include <memory>

namespace tessera::kernel_attributes {

// The prefix of the annotations that stand for the attributes ("tessera.sycl.reqd_work_group_size").
inline constexpr const char* annotation_prefix = "tessera.sycl.";

// Lets the attributes written after a lambda's parameters annotate its call operator
// (lambda_attributes.cpp).
void take_lambda_attributes(clang::CompilerInstance& ci);

// Collects the words of the translation unit's kernels and has the pass define them.
std::unique_ptr<clang::ASTConsumer> attribute_words_consumer(clang::CompilerInstance& ci);

} // namespace tessera::kernel_attributes
