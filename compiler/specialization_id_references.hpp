#pragma once
#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>

#include <memory>

namespace tessera::device_select {

// A kernel may name a specialization constant through a constexpr reference declared outside it
// (`constexpr auto& id = sc<T>; ... kh.get_specialization_constant<id>()`, as the SYCL-CTS does).
// In standard C++ the lambda does not capture `id`: a reference usable in constant expressions is
// not odr-used. clang's CUDA mode makes an exception (isCapturingReferenceToHostVarInCUDADeviceLambda
// in SemaExpr.cpp): in a host-device lambda, which every unannotated lambda is, such a reference
// to a variable that is not __device__ is captured by copy, so the lambda holds a copy of the
// referenced object, and specialization_id, which SYCL 2020 makes non-copyable, fails to compile.
//
// clang exempts references to __device__ variables. So, in both passes of a CUDA compilation,
// every constexpr specialization_id at namespace scope (a variable, each specialisation of a
// variable template, a static member of a class) is marked __device__ (implicitly) as its
// declaration reaches the consumer, and the mark is taken off again once the translation unit is
// analysed, before code generation emits the variables: they are compiled as without it (on the
// host an initialised variable, where a __device__ one would be an uninitialised shadow).
//
// The mark comes when the declaration reaches the consumer: a namespace's declarations when the
// namespace closes. A non-template function inside the same namespace block as the
// specialization_id, naming it through a constexpr reference in a kernel, is analysed before that
// and still fails; templates are instantiated at the end of the translation unit and are covered.
std::unique_ptr<clang::ASTConsumer> specialization_id_consumer(clang::CompilerInstance& ci);

} // namespace tessera::device_select
