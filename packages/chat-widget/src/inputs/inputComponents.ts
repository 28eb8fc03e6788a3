import type { InputBlockType } from "@parley/schemas";
import type { ComponentType } from "react";
import { ButtonsInput, choiceInputType } from "./ButtonsInput";
import { CardsInput, cardsType } from "./CardsInput";
import { DateInput, dateInputType, TimeInput, timeInputType } from "./DateInput";
import { FileInput, fileInputType } from "./FileInput";
import type { InputProps } from "./inputProps";
import { PaymentInput, paymentInputType } from "./PaymentInput";
import { PhoneInput, phoneNumberInputType } from "./PhoneInput";
import { PictureChoiceInput, pictureChoiceInputType } from "./PictureChoiceInput";
import { RatingInput, ratingInputType } from "./RatingInput";
import { emailInputType, numberInputType, TextFieldInput, urlInputType } from "./TextFieldInput";
import { TextInput, textInputType } from "./TextInput";

/** What every input component is given; only the payment input reads `configurationError`. */
export type InputComponentProps<T extends InputBlockType> = InputProps<T> & { configurationError?: string };

/**
 * The component of each input kind. Keyed by the kinds the block definitions declare: a kind
 * without a component, or a component for another kind's input, is a type error. Each component
 * module names the kind it renders; the definitions themselves stay out of the embed bundle.
 */
export const inputComponents: { [T in InputBlockType]: ComponentType<InputComponentProps<T>> } = {
  [textInputType]: TextInput,
  [numberInputType]: TextFieldInput,
  [emailInputType]: TextFieldInput,
  [urlInputType]: TextFieldInput,
  [dateInputType]: DateInput,
  [timeInputType]: TimeInput,
  [phoneNumberInputType]: PhoneInput,
  [choiceInputType]: ButtonsInput,
  [pictureChoiceInputType]: PictureChoiceInput,
  [ratingInputType]: RatingInput,
  [fileInputType]: FileInput,
  [paymentInputType]: PaymentInput,
  [cardsType]: CardsInput,
};
