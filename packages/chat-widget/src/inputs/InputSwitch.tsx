import type { ChatInput } from "@parley/schemas";
import type { ComponentType } from "react";
import { type InputComponentProps, inputComponents } from "./inputComponents";

type AnyInputProps = Omit<InputComponentProps<ChatInput["type"]>, "input"> & { input: ChatInput };

/** The form for the input the bot waits on: the component of its kind. */
export function InputSwitch({ input, ...props }: AnyInputProps) {
  // The registry's type pairs each kind with its component; one lookup cannot carry that pairing.
  const Component = inputComponents[input.type] as ComponentType<InputComponentProps<ChatInput["type"]>>;
  return <Component input={input} {...props} />;
}
