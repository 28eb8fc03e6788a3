import type { ChatInput } from "@parley/schemas";
import { ButtonsInput } from "./ButtonsInput";
import { CardsInput } from "./CardsInput";
import { DateInput, TimeInput } from "./DateInput";
import { FileInput } from "./FileInput";
import type { InputProps } from "./inputProps";
import { PaymentInput } from "./PaymentInput";
import { PhoneInput } from "./PhoneInput";
import { PictureChoiceInput } from "./PictureChoiceInput";
import { RatingInput } from "./RatingInput";
import { TextFieldInput } from "./TextFieldInput";
import { TextInput } from "./TextInput";

type AnyInputProps = Omit<InputProps<ChatInput["type"]>, "input"> & {
  input: ChatInput;
  configurationError?: string;
};

/** The form for the input the bot waits on. */
export function InputSwitch({ input, ...props }: AnyInputProps) {
  switch (input.type) {
    case "text input":
      return <TextInput input={input} {...props} />;
    case "email input":
    case "url input":
    case "number input":
      return <TextFieldInput input={input} {...props} />;
    case "phone number input":
      return <PhoneInput input={input} {...props} />;
    case "date input":
      return <DateInput input={input} {...props} />;
    case "time input":
      return <TimeInput input={input} {...props} />;
    case "choice input":
      return <ButtonsInput input={input} {...props} />;
    case "picture choice input":
      return <PictureChoiceInput input={input} {...props} />;
    case "rating input":
      return <RatingInput input={input} {...props} />;
    case "file input":
      return <FileInput input={input} {...props} />;
    case "payment input":
      return <PaymentInput input={input} {...props} />;
    case "cards":
      return <CardsInput input={input} {...props} />;
  }
}
